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
import './bids.css';

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
        <>
          {/* The region scrolls sideways on a phone, so the keyboard must be able to focus it. */}
          {/* eslint-disable jsx-a11y/no-noninteractive-tabindex */}
          <div
            className="bids-scroll"
            role="region"
            aria-label={pt('project.s38.scroll')}
            tabIndex={0}
          >
            <table className="bids-table project-conferences">
              <caption>{pt('project.s38.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{pt('project.s38.conference')}</th>
                  <th scope="col">{pt('project.s38.date')}</th>
                  <th scope="col">{pt('project.s38.livestream')}</th>
                  <th scope="col">{pt('project.s38.recording')}</th>
                </tr>
              </thead>
              <tbody>
                {conferences.map((conference) => {
                  const kind = pt(conferenceKindKey(conference.kind));
                  return (
                    <tr key={conference.id}>
                      <th scope="row">
                        {kind}
                        <Corrected reason={conference.reason} created={conference.created} />
                      </th>
                      <td>{formatManilaDay(conference.date, lang)}</td>
                      <td>
                        <PostedLink
                          url={conference.livestreamUrl}
                          label={pt('project.s38.watch', { kind })}
                        />
                      </td>
                      <td>
                        <PostedLink
                          url={conference.recordingUrl}
                          label={pt('project.s38.watchRecording', { kind })}
                        />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </>
      )}
      <h3 id="project-observers">{pt('project.s38.observers')}</h3>
      {observers.length === 0 ? (
        <p>{pt('project.s38.noObservers')}</p>
      ) : (
        <div
          className="bids-scroll"
          role="region"
          aria-label={pt('project.s38.observersScroll')}
          tabIndex={0}
        >
          <table className="bids-table project-observers">
            <caption>{pt('project.s38.observersCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{pt('project.s38.name')}</th>
                <th scope="col">{pt('project.s38.organisation')}</th>
                <th scope="col">{pt('project.s38.invited')}</th>
              </tr>
            </thead>
            <tbody>
              {observers.map((observer) => (
                <tr key={observer.id}>
                  <th scope="row">
                    <InLang text={observer.name} />
                    <Corrected reason={observer.reason} created={observer.created} />
                  </th>
                  <td>
                    <InLang text={observer.organisation} />
                  </td>
                  <td>{formatManilaDay(observer.invited, lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {/* eslint-enable jsx-a11y/no-noninteractive-tabindex */}
    </section>
  );
}
