import { Form } from 'react-router-dom';
import { NEW_PROJECT } from '../../shared/procurement-projects/project-services.ts';
import { useStaffI18n } from '../i18n/useStaffI18n.ts';
import { PROJECT_SEARCH_PARAM, type ProjectChoices } from './project-choices.ts';

/**
 * The records desk's project search: a GET form of its own (forms do not nest), keeping the
 * chosen type, so staff find a project by PR number, PhilGEPS reference, APP code or title
 * with or without JavaScript.
 */
export function ProjectSearch({ type, choices }: { type: string; choices: ProjectChoices }) {
  const { t } = useStaffI18n();
  return (
    <Form method="get" className="staff-form project-search" preventScrollReset>
      <input type="hidden" name="type" value={type} />
      <div className="form-field">
        <label htmlFor="project-search">{t('staff.project.search')}</label>
        <input
          id="project-search"
          name={PROJECT_SEARCH_PARAM}
          type="search"
          maxLength={100}
          defaultValue={choices.q}
        />
      </div>
      <button type="submit" className="button button-secondary">
        {t('staff.project.find')}
      </button>
    </Form>
  );
}

/**
 * The project a new notice joins, inside the add form: a new one (the default) or one the
 * search found. The value sent is the project's OCID, or "new".
 */
export function ProjectChoice({ choices, chosen }: { choices: ProjectChoices; chosen: string }) {
  const { t } = useStaffI18n();
  const selected = choices.found.some((project) => project.ocid === chosen) ? chosen : NEW_PROJECT;
  return (
    <fieldset className="form-field project-choice">
      <legend>{t('staff.project.heading')}</legend>
      <p className="field-hint">{t('staff.project.hint')}</p>
      {choices.q !== '' && choices.found.length === 0 ? (
        <p>{t('staff.project.noMatch', { q: choices.q })}</p>
      ) : null}
      <div className="choice">
        <input
          type="radio"
          id="project-new"
          name="project"
          value={NEW_PROJECT}
          defaultChecked={selected === NEW_PROJECT}
        />
        <label htmlFor="project-new">{t('staff.project.new')}</label>
      </div>
      {choices.found.map((project, index) => (
        <div className="choice" key={project.ocid}>
          <input
            type="radio"
            id={`project-${index}`}
            name="project"
            value={project.ocid}
            defaultChecked={selected === project.ocid}
          />
          <label htmlFor={`project-${index}`}>
            {project.title} ({project.ocid}
            {project.appCode ? `, APP ${project.appCode}` : ''})
          </label>
        </div>
      ))}
    </fieldset>
  );
}
