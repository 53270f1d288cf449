import { useLoaderData } from 'react-router-dom';
import { partsLoader } from '../components/content/parts-loader.ts';
import { Page } from '../components/page/Page.tsx';
import { Picture } from '../components/picture/Picture.tsx';

export const officialsLoader = partsLoader('officials');

export function LocalOfficialsPage() {
  const { officials } = useLoaderData<typeof officialsLoader>();
  return (
    <Page
      title="Local Officials"
      description="The mayor, vice mayor and members of the Sangguniang Bayan."
      headerImage={officials.headerImage}
    >
      <p className="lead">{officials.intro}</p>
      <ul className="card-grid official-cards">
        {officials.officials.map((official) => (
          <li key={official.name} className="card official-card">
            <Picture image={official.photo} sizes="(min-width: 40rem) 240px, 45vw" />
            <h2>{official.name}</h2>
            <p>{official.title}</p>
          </li>
        ))}
      </ul>
    </Page>
  );
}
