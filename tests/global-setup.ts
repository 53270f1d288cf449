// The CLI tests run the bundled CLI, exactly what `npm run cli` and the package's bin run,
// and it starts much faster than the sources under a TypeScript loader.
// @ts-expect-error -- a plain ES module script without type declarations
import { ensureBuild } from '../scripts/ensure-build.mjs';

export default function setup() {
  (ensureBuild as () => void)();
}
