/**
 * After a refused submit, focus the first field in error (for a list in error, its first button),
 * so keyboard and screen reader users land where the problem is. Runs after React has drawn the
 * errors.
 */
export function focusFirstError(root: HTMLElement | null): void {
  setTimeout(() => {
    root?.querySelector<HTMLElement>('[aria-invalid="true"], [data-list-error] button')?.focus();
  }, 0);
}
