/**
 * Said on every page while the database holds demonstration records, so no visitor takes
 * a made-up notice for a real one. It goes once IT staff run `municipal demo remove`: the
 * render cache is keyed by the data version, which that removal changes.
 */
export function DemoNotice() {
  return (
    <aside className="demo-notice" aria-label="Demonstration data">
      <p>
        <strong>Demonstration data.</strong> The procurement notices on this site are made-up
        examples that show how it works, not real notices. They go away once the site’s IT staff
        remove them (<code>municipal demo remove</code>).
      </p>
    </aside>
  );
}
