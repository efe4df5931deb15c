/** The Form 11 form components, for the /form11 routes to load lazily. */
export { Form11Form, type Form11FormProps } from './Form11Form.tsx';
export { MedicalInsuranceForm, type MedicalInsuranceFormProps } from './MedicalInsuranceForm.tsx';
export {
  IncomeDeclarationForm,
  SUBMIT_INCOME_DECLARATION,
  type IncomeDeclaration,
  type IncomeDeclarationFormProps,
  type IncomeDeclarationInput,
} from './IncomeDeclarationForm.tsx';
export { EstimatePanel, ESTIMATE_PROMPT, type EstimatePanelProps } from './EstimatePanel.tsx';
export { Form11Header, type Form11HeaderProps } from './Form11Header.tsx';
