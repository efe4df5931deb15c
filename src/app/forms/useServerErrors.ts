import { useEffect } from 'react';

/**
 * The server's field messages of a refused request (a machine view's `fieldErrors`) shown on the
 * Mantine form's own fields. The view gives the same object for the same refusal, so this runs
 * once per refusal and a field the user corrects keeps their correction.
 */
export function useServerErrors(form: { setErrors(errors: Record<string, string>): void }, fieldErrors: Readonly<Record<string, string>>): void {
  const { setErrors } = form;
  useEffect(() => {
    if (Object.keys(fieldErrors).length > 0) setErrors({ ...fieldErrors });
  }, [setErrors, fieldErrors]);
}
