import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Content } from '../../shared/content-types.ts';
import { useHydrated } from '../components/content/useHydrated.ts';
import { Picture } from '../components/picture/Picture.tsx';
import { Localized } from '../components/content/Localized.tsx';
import { useI18n } from '../i18n/useI18n.tsx';

type Video = Content['home']['videos'][number];

/**
 * A main player and a list of videos; choosing one plays it in the main player. Without
 * JavaScript the list entries are links that reload the page with that video chosen.
 */
export function VideoPlayer({ videos }: { videos: Video[] }) {
  const { t } = useI18n();
  const [searchParams] = useSearchParams();
  const hydrated = useHydrated();
  const [selectedId, setSelectedId] = useState(
    () => videos.find((video) => video.id === searchParams.get('video'))?.id ?? videos[0]?.id,
  );
  const [chosenByVisitor, setChosenByVisitor] = useState(false);
  const player = useRef<HTMLVideoElement>(null);
  const selected = videos.find((video) => video.id === selectedId) ?? videos[0];

  useEffect(() => {
    if (!chosenByVisitor) return;
    // A rejected play() (a browser that blocks it) leaves the chosen video ready with its controls.
    player.current?.play().catch(() => {});
  }, [selectedId, chosenByVisitor]);

  if (!selected) return null;
  return (
    <div className="video-player">
      <figure className="video-main">
        <video
          key={selected.id}
          ref={player}
          controls
          preload="none"
          poster={selected.poster}
          width={640}
          height={360}
          // Named by its title (shown below it), so the player is not just "video".
          aria-labelledby="video-title"
          aria-describedby="video-description"
        >
          <source src={selected.webm} type="video/webm" />
          <source src={selected.mp4} type="video/mp4" />
          <track
            kind="captions"
            src={selected.captions}
            srcLang="en"
            label={t('home.captionsLanguage')}
            default
          />
        </video>
        <figcaption>
          <strong className="video-title" id="video-title">
            <Localized text={selected.title} />
          </strong>
          <span id="video-description">
            <Localized text={selected.description} />
          </span>
        </figcaption>
      </figure>
      <ul className="video-list" aria-label={t('home.chooseVideo')}>
        {videos.map((video) => {
          const current = video.id === selected.id;
          const label = (
            <>
              <Picture image={video.thumbnail} sizes="96px" />
              <span>
                <Localized text={video.title} />
              </span>
            </>
          );
          return (
            <li key={video.id}>
              {hydrated ? (
                <button
                  type="button"
                  className="video-choice"
                  aria-pressed={current}
                  onClick={() => {
                    setSelectedId(video.id);
                    setChosenByVisitor(true);
                  }}
                >
                  {label}
                </button>
              ) : (
                <a
                  className="video-choice"
                  href={`?video=${video.id}#videos`}
                  aria-current={current ? 'true' : undefined}
                >
                  {label}
                </a>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
