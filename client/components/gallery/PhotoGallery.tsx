import { useState } from 'react';
import type { Picture as PictureContent } from '../../../shared/content-types.ts';
import { CloseIcon } from '../icons.tsx';
import { Modal } from '../modal/Modal.tsx';
import { Picture } from '../picture/Picture.tsx';
import { Localized } from '../content/Localized.tsx';
import { useI18n } from '../../i18n/useI18n.tsx';

function largestFile(photo: PictureContent): string {
  const widest = Math.max(...Object.keys(photo.variants).map(Number));
  return photo.variants[widest] ?? '';
}

/**
 * Thumbnails that link to the full picture, so they work without JavaScript; with it,
 * the picture opens larger in a dialog that Escape or the Close button closes.
 */
export function PhotoGallery({ photos, idPrefix }: { photos: PictureContent[]; idPrefix: string }) {
  const { t } = useI18n();
  const [shown, setShown] = useState<PictureContent | null>(null);
  const titleId = `${idPrefix}-viewer-title`;
  return (
    <>
      <ul className="gallery">
        {photos.map((photo) => (
          <li key={largestFile(photo)}>
            <a
              className="gallery-link"
              href={largestFile(photo)}
              onClick={(event) => {
                event.preventDefault();
                setShown(photo);
              }}
            >
              <span className="visually-hidden">{t('gallery.openLarger')} </span>
              <Picture image={photo} sizes="(min-width: 40rem) 14rem, 45vw" />
            </a>
          </li>
        ))}
      </ul>
      <Modal
        open={shown !== null}
        onClose={() => setShown(null)}
        labelledBy={titleId}
        className="photo-viewer"
      >
        {shown ? (
          <>
            <Picture image={shown} sizes="min(90vw, 75rem)" eager />
            <div className="photo-viewer-bar">
              <p id={titleId}>
                <Localized text={shown.alt} />
              </p>
              <button type="button" className="button" onClick={() => setShown(null)}>
                <CloseIcon />
                {t('gallery.close')}
              </button>
            </div>
          </>
        ) : null}
      </Modal>
    </>
  );
}
