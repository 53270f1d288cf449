import { useLoaderData } from 'react-router-dom';
import { partsLoader } from '../components/content/parts-loader.ts';
import { Page } from '../components/page/Page.tsx';

export const directoryLoader = partsLoader('directory');

export function DirectoryPage() {
  const { directory } = useLoaderData<typeof directoryLoader>();
  return (
    <Page
      title="Directory"
      description="Contact numbers and addresses of municipal offices."
      headerImage={directory.headerImage}
    >
      <p className="lead">{directory.intro}</p>
      <ul className="card-grid directory-cards">
        {directory.entries.map((entry) => (
          <li key={entry.title} className="card directory-card">
            <h2>{entry.title}</h2>
            {entry.lines.map((line) => (
              <p key={line}>{line}</p>
            ))}
          </li>
        ))}
      </ul>
    </Page>
  );
}
