import { Link } from 'react-router-dom';
import type { SiteContent } from '../../../shared/content-types.ts';
import { SocialIcon } from '../icons.tsx';

export function Footer({ site }: { site: SiteContent }) {
  return (
    <footer className="site-footer">
      <div className="footer-grid">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="footer-heading">
            {site.municipality.name}
          </h2>
          <p>{site.municipality.province}</p>
          <p>{site.municipality.tagline}</p>
          <a
            className="footer-social"
            href={site.socialLink.url}
            target="_blank"
            rel="noopener noreferrer"
          >
            <SocialIcon />
            {site.socialLink.label}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
          <p>
            <Link to="/open-data">Open data: downloads, feeds and OCDS</Link>
          </p>
        </section>
        <nav aria-labelledby="footer-government">
          <h2 id="footer-government" className="footer-heading">
            Government Links
          </h2>
          <ul className="footer-links">
            {site.governmentLinks.map((link) => (
              <li key={link.url}>
                <a href={link.url} target="_blank" rel="noopener noreferrer">
                  {link.label}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="footer-copy">
        All content is in the public domain unless otherwise stated. {site.municipality.name}.
      </p>
    </footer>
  );
}
