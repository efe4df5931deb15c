import type { Form11FormProps } from './Form11Form.tsx';
import { Form11Form } from './Form11Form.tsx';

export type MedicalInsuranceFormProps = Omit<Form11FormProps<'medical-insurance-relief'>, 'category'>;

/**
 * Medical insurance relief as the spec draws it: the employment name, the list of added
 * insurances with the "Add Insurance" dialog (name of the person covered, gross premium, months
 * active 1–12, child, office-use flag), Cancel and Next. Next with no insurance shows
 * "Please add at least one insurance" as an inline alert (role="alert") rather than a browser
 * alert box, which would block the page and cannot be styled or tested. All of it comes from the
 * domain's field list; this only fixes the category and the button words.
 */
export function MedicalInsuranceForm({ submitLabel = 'Next', ...props }: MedicalInsuranceFormProps) {
  return <Form11Form category="medical-insurance-relief" submitLabel={submitLabel} {...props} />;
}
