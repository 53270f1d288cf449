import { data, Link, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import {
  STAFF_SUPPLIERS_PATH,
  SUPPLIER_FORM_RESULTS,
  type SuggestedSupplier,
  type SupplierFormResult,
  type SupplierSuggestion,
} from '../../shared/suppliers/supplier-decisions.ts';
import { SUPPLIER_REFUSAL_KEYS } from '../../shared/suppliers/supplier-refusal-keys.ts';
import { supplierPath } from '../../shared/suppliers/suppliers.ts';
import type { StaffIdentity } from '../../shared/staff-services.ts';
import { InLang } from '../components/content/InLang.tsx';
import { Page } from '../components/page/Page.tsx';
import '../records/records.css';
import { services } from '../services-context.ts';
import { FormMessage } from '../staff/FormMessage.tsx';
import { StaffCard } from '../staff/StaffCard.tsx';
import { StaffNav } from '../staff/StaffNav.tsx';
import { staffPageSession } from '../staff/staff-page-loader.ts';
import '../staff/staff.css';
import { useSupplierText } from './useSupplierText.ts';

interface StaffSuppliersData {
  user: StaffIdentity;
  csrfToken: string;
  allowed: boolean;
  suggestions: SupplierSuggestion[];
  result: SupplierFormResult | null;
  /** The supplier a done decision leads to (the kept one, the newly numbered one). */
  id: string | null;
}

export async function loader(args: LoaderFunctionArgs) {
  const session = await staffPageSession(args, 'bac');
  const code = session.params.get('result') ?? '';
  const result = (SUPPLIER_FORM_RESULTS as readonly string[]).includes(code)
    ? (code as SupplierFormResult)
    : null;
  const loaded: StaffSuppliersData = {
    user: session.user,
    csrfToken: session.csrfToken,
    allowed: session.allowed,
    // Asked only once the role is known to be held.
    suggestions: session.allowed ? await services(args.context).supplierSuggestions() : [],
    result: session.allowed ? result : 'NOT_PERMITTED',
    id: session.params.get('id'),
  };
  return session.allowed ? loaded : data(loaded, { status: 403 });
}

const DONE = new Set<SupplierFormResult>(['merged', 'dismissed', 'registered']);

function Side({ side }: { side: SuggestedSupplier }) {
  const { st, localPath } = useSupplierText();
  return (
    <>
      <Link to={localPath(supplierPath(side.id))}>
        <InLang text={side.name} />
      </Link>{' '}
      (
      {st('suppliers.staff.side', {
        awards: side.awards,
        bids: side.bids,
        spellings: side.spellings.join('; '),
      })}
      )
    </>
  );
}

/** One suggested pair: a merge form (the name kept, a reason) and a dismiss form. */
function Suggestion({
  suggestion,
  n,
  csrfToken,
}: {
  suggestion: SupplierSuggestion;
  n: number;
  csrfToken: string;
}) {
  const { st, localPath } = useSupplierText();
  const { first, second } = suggestion;
  const heading = `suggestion-${n}`;
  const action = localPath(STAFF_SUPPLIERS_PATH);
  return (
    <section aria-labelledby={heading} className="staff-suggestion">
      <h2 id={heading}>
        {st('suppliers.staff.suggestion', {
          n,
          rule: st(`suppliers.staff.rule.${suggestion.rule}`),
        })}
      </h2>
      <form method="post" action={action} className="staff-form">
        <input type="hidden" name="_csrf" value={csrfToken} />
        <input type="hidden" name="intent" value="merge" />
        <input type="hidden" name="first" value={first.id} />
        <input type="hidden" name="second" value={second.id} />
        <fieldset>
          <legend>{st('suppliers.staff.keep')}</legend>
          {[first, second].map((side, i) => (
            <div key={side.id} className="form-field">
              <input
                type="radio"
                id={`${heading}-keep-${i}`}
                name="keep"
                value={side.id}
                defaultChecked={i === 0}
              />{' '}
              <label htmlFor={`${heading}-keep-${i}`}>
                <InLang text={side.name} />
              </label>
            </div>
          ))}
        </fieldset>
        <ul>
          <li>
            <Side side={first} />
          </li>
          <li>
            <Side side={second} />
          </li>
        </ul>
        <div className="form-field">
          <label htmlFor={`${heading}-reason`}>{st('suppliers.staff.reason')}</label>
          <textarea
            id={`${heading}-reason`}
            name="reason"
            rows={2}
            maxLength={1000}
            required
            aria-describedby={`${heading}-reason-hint`}
          />
          <p id={`${heading}-reason-hint`} className="field-hint">
            {st('suppliers.staff.reasonHint')}
          </p>
        </div>
        <button type="submit">{st('suppliers.staff.merge')}</button>
      </form>
      <form method="post" action={action} className="staff-form">
        <input type="hidden" name="_csrf" value={csrfToken} />
        <input type="hidden" name="intent" value="dismiss" />
        <input type="hidden" name="first" value={first.id} />
        <input type="hidden" name="second" value={second.id} />
        <div className="form-field">
          <label htmlFor={`${heading}-dismiss`}>{st('suppliers.staff.dismissReason')}</label>
          <input id={`${heading}-dismiss`} name="reason" maxLength={1000} />
        </div>
        <button type="submit">{st('suppliers.staff.dismiss')}</button>
      </form>
    </section>
  );
}

/**
 * /staff/suppliers (BAC role, issue 34): likely same companies to merge or dismiss, and a
 * supplier's PhilGEPS registration number. Plain forms posting to the form route
 * (server/suppliers/staff-supplier-routes.ts), the same with or without JavaScript.
 */
export function Component() {
  const { user, csrfToken, allowed, suggestions, result, id } = useLoaderData<
    typeof loader
  >() as StaffSuppliersData;
  const { st, localPath } = useSupplierText();
  const done = result !== null && DONE.has(result);
  return (
    <Page title={st('suppliers.staff.title')} description={st('suppliers.staff.intro')}>
      <StaffCard>
        <StaffNav user={user} csrfToken={csrfToken} />
        <p>{st('suppliers.staff.intro')}</p>
        <p>{st('suppliers.staff.rules')}</p>
        <FormMessage
          tone="success"
          message={
            done ? (
              <>
                {st(`suppliers.staff.done.${result as 'merged' | 'dismissed' | 'registered'}`)}
                {id && result !== 'dismissed' ? (
                  <>
                    {' '}
                    <Link to={localPath(supplierPath(id))}>{supplierPath(id)}</Link>
                  </>
                ) : null}
              </>
            ) : null
          }
        />
        <FormMessage
          tone="error"
          message={
            result !== null && !done
              ? st(SUPPLIER_REFUSAL_KEYS[result as keyof typeof SUPPLIER_REFUSAL_KEYS])
              : null
          }
        />
        {allowed ? (
          <>
            {suggestions.length === 0 ? <p>{st('suppliers.staff.none')}</p> : null}
            {suggestions.map((suggestion, i) => (
              <Suggestion
                key={`${suggestion.first.id}/${suggestion.second.id}`}
                suggestion={suggestion}
                n={i + 1}
                csrfToken={csrfToken}
              />
            ))}
            <h2 id="register-heading">{st('suppliers.staff.registerHeading')}</h2>
            <p>{st('suppliers.staff.registerIntro')}</p>
            <form
              method="post"
              action={localPath(STAFF_SUPPLIERS_PATH)}
              className="staff-form"
              aria-labelledby="register-heading"
            >
              <input type="hidden" name="_csrf" value={csrfToken} />
              <input type="hidden" name="intent" value="register" />
              <div className="form-field">
                <label htmlFor="register-supplier">{st('suppliers.staff.registerSupplier')}</label>
                <input
                  id="register-supplier"
                  name="supplier"
                  maxLength={100}
                  required
                  aria-describedby="register-supplier-hint"
                />
                <p id="register-supplier-hint" className="field-hint">
                  {st('suppliers.staff.registerSupplierHint')}
                </p>
              </div>
              <div className="form-field">
                <label htmlFor="register-number">{st('suppliers.staff.registerNumber')}</label>
                <input
                  id="register-number"
                  name="number"
                  inputMode="numeric"
                  maxLength={20}
                  required
                  aria-describedby="register-number-hint"
                />
                <p id="register-number-hint" className="field-hint">
                  {st('suppliers.staff.registerNumberHint')}
                </p>
              </div>
              <button type="submit">{st('suppliers.staff.register')}</button>
            </form>
          </>
        ) : null}
      </StaffCard>
    </Page>
  );
}
