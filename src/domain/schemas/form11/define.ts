/**
 * How a Form 11 form is described once and used three ways: the valibot schema (forms through
 * Mantine's schemaResolver, the server's 422 field errors, the refund engine's input check), the
 * field list the screens render (labels and help text live here so screens and tests agree), and
 * a valid sample ("Fill Mock Data").
 *
 * Each field is built from the shared field schemas of ../fields.ts with the messages of
 * ../messages.ts. Date fields must not be in the future, so every schema is made for a given
 * `today` (nothing in the domain reads the clock).
 */
import * as v from 'valibot';
import type { Dayjs } from '../../dates.ts';
import {
  addressField,
  amountField,
  choiceField,
  companyNameField,
  confirmField,
  daysField,
  eircodeField,
  formTextField,
  leaseMonthsField,
  loanValueField,
  lptIdField,
  monthsField,
  nameField,
  nonEmptyList,
  objectMessage,
  optionalAmountField,
  optionalDaysField,
  optionalFlagField,
  optionalMonthsField,
  optionalTextField,
  optionalYesNoField,
  pastDateField,
  percentField,
  propertyIdField,
  requiredTextField,
  taxReferenceField,
  yesNoField,
} from '../fields.ts';

/** What input a screen draws for a field. */
export type FieldKind =
  | 'text'
  | 'name'
  | 'amount'
  | 'months'
  | 'days'
  | 'leaseMonths'
  | 'loanValue'
  | 'percent'
  | 'taxReference'
  | 'companyName'
  | 'address'
  | 'eircode'
  | 'propertyId'
  | 'lptId'
  | 'date'
  | 'yesNo'
  | 'flag'
  | 'choice'
  | 'confirm'
  | 'list';

export interface ChoiceOption {
  readonly value: string;
  readonly label: string;
}

/** One field as a screen renders it. */
export interface FieldSpec {
  readonly name: string;
  readonly kind: FieldKind;
  readonly label: string;
  readonly help?: string;
  /** False when the field may be left empty. */
  readonly required: boolean;
  /** choice: the values offered, in order. */
  readonly options?: readonly ChoiceOption[];
  /** list: the fields of one entry (e.g. one insurance). */
  readonly item?: readonly FieldSpec[];
  /** list: the button that opens the add dialog (e.g. "Add Insurance"). */
  readonly addLabel?: string;
  /** Filled in by Revenue ("For office use only"): part of the payload, never shown to the user. */
  readonly officeUse?: boolean;
}

/** A field before it has a name: its schema (made for `today`) and how it is shown. */
export interface FieldDef<TSchema extends v.GenericSchema = v.GenericSchema> {
  readonly spec: Omit<FieldSpec, 'name'>;
  readonly schema: (today: Dayjs) => TSchema;
}

interface Describe {
  readonly help?: string;
}

function field<TSchema extends v.GenericSchema>(
  kind: FieldKind,
  schema: TSchema,
  label: string,
  options: Describe & { required?: boolean } = {},
): FieldDef<TSchema> {
  const spec: Omit<FieldSpec, 'name'> = {
    kind,
    label,
    required: options.required ?? true,
    ...(options.help === undefined ? {} : { help: options.help }),
  };
  return { spec, schema: () => schema };
}

export const text = (label: string, o?: Describe) => field('text', formTextField, label, o);
export const optionalText = (label: string, o?: Describe) => field('text', optionalTextField, label, { ...o, required: false });
export const personName = (label: string, o?: Describe) => field('name', nameField, label, o);
export const amount = (label: string, o?: Describe) => field('amount', amountField, label, o);
export const optionalAmount = (label: string, o?: Describe) => field('amount', optionalAmountField, label, { ...o, required: false });
export const months = (label: string, o?: Describe) => field('months', monthsField, label, o);
export const days = (label: string, o?: Describe) => field('days', daysField, label, o);
export const optionalDays = (label: string, o?: Describe) => field('days', optionalDaysField, label, { ...o, required: false });
export const leaseMonths = (label: string, o?: Describe) => field('leaseMonths', leaseMonthsField, label, o);
export const loanValue = (label: string, o?: Describe) => field('loanValue', loanValueField, label, o);
export const percent = (label: string, o?: Describe) => field('percent', percentField, label, o);
export const taxReference = (label: string, o?: Describe) => field('taxReference', taxReferenceField, label, o);
export const companyName = (label: string, o?: Describe) => field('companyName', companyNameField, label, o);
export const address = (label: string, o?: Describe) => field('address', addressField, label, o);
export const eircode = (label: string, o?: Describe) => field('eircode', eircodeField, label, o);
export const propertyId = (label: string, o?: Describe) => field('propertyId', propertyIdField, label, { ...o, required: false });
export const lptId = (label: string, o?: Describe) => field('lptId', lptIdField, label, o);
export const yesNo = (label: string, o?: Describe) => field('yesNo', yesNoField, label, o);
export const optionalYesNo = (label: string, o?: Describe) => field('yesNo', optionalYesNoField, label, { ...o, required: false });
export const optionalMonths = (label: string, o?: Describe) => field('months', optionalMonthsField, label, { ...o, required: false });
export const flag = (label: string, o?: Describe) => field('flag', optionalFlagField, label, { ...o, required: false });
/** A flag Revenue's office sets: sent as false, never shown on a screen. */
export const officeUseFlag = (label: string) => {
  const def = flag(label);
  return { ...def, spec: { ...def.spec, officeUse: true } };
};
export const confirm = (label: string, o?: Describe) => field('confirm', confirmField, label, o);

/** A date that is not after `today` (DD.MM.YYYY as typed, or YYYY-MM-DD from a picker). */
export function date(label: string, o: Describe = {}): FieldDef<ReturnType<typeof pastDateField>> {
  const spec = field('date', requiredTextField, label, o).spec;
  return { spec, schema: (today) => pastDateField(today) };
}

/** One of a fixed set of values. */
export function choice<const TValues extends readonly [string, ...string[]]>(
  label: string,
  options: { readonly [K in TValues[number]]: string },
  values: TValues,
  o: Describe = {},
) {
  const def = field('choice', choiceField(values), label, o);
  return { ...def, spec: { ...def.spec, options: values.map((value): ChoiceOption => ({ value, label: (options as Readonly<Record<string, string | undefined>>)[value] ?? value })) } };
}

/** Field definitions keyed by field name, in the order the form shows them. */
export type FieldDefs = Record<string, FieldDef>;

type EntriesOf<TFields extends FieldDefs> = { [K in keyof TFields]: ReturnType<TFields[K]['schema']> };

function objectOf<const TEntries extends v.ObjectEntries>(entries: TEntries) {
  // Unknown keys are dropped, not refused: the client sends `marginalRate` beside the entered
  // data (spec section 7), and a form's state may carry UI-only keys.
  return v.object(entries, objectMessage(entries));
}

export type ObjectSchemaOf<TFields extends FieldDefs> = ReturnType<typeof objectOf<EntriesOf<TFields>>>;

function entriesFor<TFields extends FieldDefs>(fields: TFields, today: Dayjs): EntriesOf<TFields> {
  const entries: Record<string, v.GenericSchema> = {};
  for (const [name, def] of Object.entries(fields)) entries[name] = def.schema(today);
  return entries as EntriesOf<TFields>;
}

function specsOf(fields: FieldDefs): FieldSpec[] {
  return Object.entries(fields).map(([name, def]) => ({ name, ...def.spec }));
}

/** A list of entries (each an object of `item` fields), at least one, with its own message. */
export function list<const TItem extends FieldDefs>(label: string, item: TItem, o: Describe & { addLabel: string; emptyMessage: string }) {
  const schema = (today: Dayjs) => nonEmptyList(objectOf(entriesFor(item, today)), o.emptyMessage);
  const spec: Omit<FieldSpec, 'name'> = {
    kind: 'list',
    label,
    required: true,
    item: specsOf(item),
    addLabel: o.addLabel,
    ...(o.help === undefined ? {} : { help: o.help }),
  };
  return { spec, schema } satisfies FieldDef;
}

/** A whole form: its schema for a day, its fields for the screen, a valid sample. */
export interface Form11Form<TFields extends FieldDefs = FieldDefs> {
  readonly fields: readonly FieldSpec[];
  readonly schema: (today: Dayjs) => ObjectSchemaOf<TFields>;
  /** Valid input ("Fill Mock Data"); dates in it are long past. */
  readonly sample: v.InferInput<ObjectSchemaOf<TFields>>;
}

export function defineForm<const TFields extends FieldDefs>(
  fields: TFields,
  sample: v.InferInput<ObjectSchemaOf<TFields>>,
): Form11Form<TFields> {
  return {
    fields: specsOf(fields),
    schema: (today) => objectOf(entriesFor(fields, today)),
    sample,
  };
}

/** The parsed data of a form. */
export type DataOf<TForm> = TForm extends Form11Form<infer TFields> ? v.InferOutput<ObjectSchemaOf<TFields>> : never;
