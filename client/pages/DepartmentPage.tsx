import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { PurposeBlocks } from '../components/content/PurposeBlocks.tsx';
import { Page } from '../components/page/Page.tsx';
import { services } from '../services-context.ts';

export async function departmentLoader({ params, context }: LoaderFunctionArgs) {
  const department = await services(context).department(params.office ?? '');
  if (!department) throw new Response('Not Found', { status: 404 });
  return department;
}

export function DepartmentPage() {
  const department = useLoaderData<typeof departmentLoader>();
  const written = department.vision || department.mission || department.goal;
  return (
    <Page
      title={department.name}
      description={`Vision, mission and goal of the ${department.name}.`}
      headerImage={department.headerImage}
    >
      {written ? (
        <PurposeBlocks
          vision={department.vision}
          mission={department.mission}
          goal={department.goal}
        />
      ) : (
        <p>This office has not published its vision, mission and goal yet.</p>
      )}
    </Page>
  );
}
