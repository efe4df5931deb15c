import { getRouteApi } from '@tanstack/react-router';
import { UnderConstruction } from '../common/UnderConstruction.tsx';

const route = getRouteApi('/paye/form11/$formSlug');

/** One of the 30 Form 11 pages (spec section 2), by its slug; not built yet. */
export function FormPageScreen() {
  const { formSlug } = route.useParams();
  return <UnderConstruction title={`Form 11: ${formSlug}`} />;
}
