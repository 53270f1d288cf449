import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { PurposeBlocks } from '../components/content/PurposeBlocks.tsx';
import { Page } from '../components/page/Page.tsx';
import { services } from '../services-context.ts';
import { useI18n } from '../i18n/useI18n.tsx';

export async function departmentLoader({ params, context }: LoaderFunctionArgs) {
  const department = await services(context).department(params.office ?? '');
  if (!department) throw new Response('Not Found', { status: 404 });
  return department;
}

export function DepartmentPage() {
  const department = useLoaderData<typeof departmentLoader>();
  const { t, plain } = useI18n();
  const written = [department.vision, department.mission, department.goal].some((text) =>
    plain(text),
  );
  const name = plain(department.name);
  return (
    <Page
      title={name}
      description={t('department.description', { name })}
      headerImage={department.headerImage}
    >
      {written ? (
        <PurposeBlocks
          vision={department.vision}
          mission={department.mission}
          goal={department.goal}
        />
      ) : (
        <p>{t('department.unwritten')}</p>
      )}
    </Page>
  );
}
