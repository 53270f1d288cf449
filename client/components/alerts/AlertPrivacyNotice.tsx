import { Link } from 'react-router-dom';

/** The short notice beside every subscribe form; the whole notice is on /alerts. */
export function AlertPrivacyShort() {
  return (
    <p className="alert-privacy">
      Your address is used only to send these alerts, never published or shared, and deleted when
      you unsubscribe. <Link to="/alerts#privacy">Privacy notice (RA 10173)</Link>
    </p>
  );
}

/** What is kept about a subscriber and why, under the Data Privacy Act of 2012 (RA 10173). */
export function AlertPrivacyNotice() {
  return (
    <section className="alert-privacy-notice" aria-labelledby="privacy">
      <h2 id="privacy">Privacy notice</h2>
      <p>
        Under the Data Privacy Act of 2012 (Republic Act No. 10173), the municipality tells you what
        it keeps when you subscribe to bid alerts, and why.
      </p>
      <ul>
        <li>
          <strong>What is kept:</strong> your e-mail address; the lists, keyword and frequency you
          chose; when you subscribed and confirmed; and, for 90 days, which alerts were sent to you.
        </li>
        <li>
          <strong>Why:</strong> only to send you the alerts you asked for, with your consent, given
          by confirming the link we e-mail you. Nothing is sent before you confirm.
        </li>
        <li>
          <strong>Who sees it:</strong> no one outside the municipality&apos;s IT staff. The
          subscriber list is never published, shared or sold, and is not part of the open data.
        </li>
        <li>
          <strong>How long:</strong> an address not confirmed within 7 days is deleted.
          Unsubscribing (a link in every alert) deletes your address and its history at once.
        </li>
        <li>
          <strong>Limits on misuse:</strong> to stop anyone from flooding a stranger&apos;s inbox, a
          keyed hash of the address and of your network address is kept for one day to count
          requests.
        </li>
        <li>
          <strong>Your rights:</strong> you may ask to see, correct or delete your data, or withdraw
          your consent at any time, through the links in every alert or through the
          municipality&apos;s Data Protection Officer (see the{' '}
          <Link to="/directory">Directory</Link>). You may also complain to the National Privacy
          Commission.
        </li>
      </ul>
    </section>
  );
}
