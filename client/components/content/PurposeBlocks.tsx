interface PurposeBlocksProps {
  vision: string;
  mission: string;
  goal?: string;
}

/** Vision, Mission and Goal cards; a block whose text is not written yet is left out, not shown empty. */
export function PurposeBlocks({ vision, mission, goal = '' }: PurposeBlocksProps) {
  const blocks = [
    ['Vision', vision],
    ['Mission', mission],
    ['Goal', goal],
  ].filter(([, text]) => text);
  if (!blocks.length) return null;
  return (
    <div className="purpose-grid">
      {blocks.map(([heading, text]) => (
        <section key={heading} className="card purpose-card" aria-labelledby={`purpose-${heading}`}>
          <h2 id={`purpose-${heading}`}>{heading}</h2>
          <p>{text}</p>
        </section>
      ))}
    </div>
  );
}
