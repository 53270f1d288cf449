import { Link, useLocation } from 'react-router-dom';
import { LANGUAGE_NAMES, LANGUAGES, pathInLang } from '../../../shared/i18n/languages.ts';
import { useI18n } from '../../i18n/useI18n.tsx';

/**
 * English and Filipino, each named in itself, linking to the same page, query and fragment
 * in the other language. With JavaScript the switch is a client navigation that keeps the
 * scroll position; without it, a plain link to the same page.
 */
export function LanguageSwitch() {
  const { pathname, search, hash } = useLocation();
  const { lang, t } = useI18n();
  return (
    <nav className="language-switch" aria-label={t('frame.languageSwitch')}>
      <ul>
        {LANGUAGES.map((other) => (
          <li key={other}>
            {other === lang ? (
              <span aria-current="true" lang={other}>
                {LANGUAGE_NAMES[other]}
              </span>
            ) : (
              <Link
                to={pathInLang(`${pathname}${search}${hash}`, other)}
                lang={other}
                hrefLang={other}
                preventScrollReset
              >
                {LANGUAGE_NAMES[other]}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
