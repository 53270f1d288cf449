import type { LocalizedText } from '../../../shared/i18n/localized-text.ts';
import type { MessageKey } from '../../../shared/i18n/messages-en.ts';
import { useI18n } from '../../i18n/useI18n.tsx';
import { Localized } from './Localized.tsx';

interface PurposeBlocksProps {
  vision: LocalizedText;
  mission: LocalizedText;
  goal?: LocalizedText;
}

/** Vision, Mission and Goal cards; a block whose text is not written yet is left out, not shown empty. */
export function PurposeBlocks({ vision, mission, goal = '' }: PurposeBlocksProps) {
  const { t, plain } = useI18n();
  const blocks = (
    [
      ['vision', 'purpose.vision', vision],
      ['mission', 'purpose.mission', mission],
      ['goal', 'purpose.goal', goal],
    ] as const satisfies readonly (readonly [string, MessageKey, LocalizedText])[]
  ).filter(([, , text]) => plain(text));
  if (!blocks.length) return null;
  return (
    <div className="purpose-grid">
      {blocks.map(([id, heading, text]) => (
        <section key={id} className="card purpose-card" aria-labelledby={`purpose-${id}`}>
          <h2 id={`purpose-${id}`}>{t(heading)}</h2>
          <p>
            <Localized text={text} />
          </p>
        </section>
      ))}
    </div>
  );
}
