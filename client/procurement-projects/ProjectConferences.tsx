import { formatManilaDate, formatManilaDay } from '../../shared/manila-time.ts';
import { pesosFromDecimal } from '../../shared/money.ts';
import {
  categoryKey,
  conferenceKindKey,
  type ProjectConference,
  type ProjectObserver,
  type Section38,
} from '../../shared/procurement-projects/conference.ts';
import { InLang } from '../components/content/InLang.tsx';
import { useProjectText } from './useProjectText.ts';
import './procurement-projects.css';

/** A link, or "Not posted" in plain words where a link would be. */
function PostedLink({ url, label }: { url: string | null; label: string }) {
  const { pt } = useProjectText();
  return url ? <a href={url}>{label}</a> : <>{pt('project.s38.notPosted')}</>;
}

/** "Corrected <date>: <reason>" under an entry that was corrected. */
function Corrected({ reason, created }: { reason: string | null; created: string }) {
  const { pt, lang } = useProjectText();
  if (reason === null) return null;
  return (
    <p className="record-hint">
      {pt('project.s38.corrected', { date: formatManilaDate(created, lang), reason })}
    </p>
  );
}

/**
 * RA 12009 section 38 on a project page (issue 34): for a project whose ABC is above its
 * category's threshold, each procurement conference with its date, livestream and recording
 * (or "Not posted"), and the observers invited. When the category is not stated and the ABC
 * could be above a threshold, it says so instead of guessing. A project below the thresholds
 * shows nothing of it.
 */
export function ProjectConferences({
  section38,
  abc,
  conferences,
  observers,
  always = false,
}: {
  /** The project's ABC: when null, that (not the category) is what is not known. */
  abc: string | null;
  section38: Section38;
  conferences: ProjectConference[];
  observers: ProjectObserver[];
  /** Shown even when section 38 does not apply, without the public's words on it (the staff page). */
  always?: boolean;
}) {
  const { pt, lang } = useProjectText();
  if (section38.applies === 'no' && !always) return null;
  return (
    <section aria-labelledby="project-conferences">
      <h2 id="project-conferences">{pt('project.s38')}</h2>
      {section38.applies === 'yes' && section38.category && section38.threshold ? (
        <p>
          {pt('project.s38.intro', {
            threshold: pesosFromDecimal(section38.threshold),
            category: pt(categoryKey(section38.category)),
          })}
        </p>
      ) : section38.applies === 'unknown' ? (
        <p className="project-s38-unknown">
          {pt(abc === null ? 'project.s38.noAbc' : 'project.s38.unknown')}
        </p>
      ) : null}
      {conferences.length === 0 ? (
        <p>{pt('project.s38.none')}</p>
      ) : (
        <ul className="project-s38-list" aria-label={pt('project.s38.caption')}>
          {conferences.map((conference) => {
            const kind = pt(conferenceKindKey(conference.kind));
            return (
              <li key={conference.id}>
                <h3>{kind}</h3>
                <dl className="record-facts">
                  <div>
                    <dt>{pt('project.s38.date')}</dt>
                    <dd>{formatManilaDay(conference.date, lang)}</dd>
                  </div>
                  <div>
                    <dt>{pt('project.s38.livestream')}</dt>
                    <dd>
                      <PostedLink
                        url={conference.livestreamUrl}
                        label={pt('project.s38.watch', { kind })}
                      />
                    </dd>
                  </div>
                  <div>
                    <dt>{pt('project.s38.recording')}</dt>
                    <dd>
                      <PostedLink
                        url={conference.recordingUrl}
                        label={pt('project.s38.watchRecording', { kind })}
                      />
                    </dd>
                  </div>
                </dl>
                <Corrected reason={conference.reason} created={conference.created} />
              </li>
            );
          })}
        </ul>
      )}
      <h3>{pt('project.s38.observers')}</h3>
      {observers.length === 0 ? (
        <p>{pt('project.s38.noObservers')}</p>
      ) : (
        <ul className="project-s38-list" aria-label={pt('project.s38.observersCaption')}>
          {observers.map((observer) => (
            <li key={observer.id}>
              <dl className="record-facts">
                <div>
                  <dt>{pt('project.s38.name')}</dt>
                  <dd>
                    <InLang text={observer.name} />
                  </dd>
                </div>
                <div>
                  <dt>{pt('project.s38.organisation')}</dt>
                  <dd>
                    <InLang text={observer.organisation} />
                  </dd>
                </div>
                <div>
                  <dt>{pt('project.s38.invited')}</dt>
                  <dd>{formatManilaDay(observer.invited, lang)}</dd>
                </div>
              </dl>
              <Corrected reason={observer.reason} created={observer.created} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
