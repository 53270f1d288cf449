import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { Page } from '../components/page/Page.tsx';
import { services } from '../services.ts';

export async function departmentLoader({ params, context }: LoaderFunctionArgs) {
  const department = await services(context).department(params.office ?? '');
  if (!department) throw new Response('Not Found', { status: 404 });
  return department;
}

export function DepartmentPage() {
  const department = useLoaderData<typeof departmentLoader>();
  return (
    <Page
      title={department.name}
      description={`Vision, mission and goal of the ${department.name}.`}
      headerImage={department.headerImage}
    />
  );
}
