import { UnstyledButton, type UnstyledButtonProps } from '@mantine/core';
import { forwardRef, type ComponentPropsWithoutRef } from 'react';

type AccountMenuButtonProps = { accountLabel: string } & UnstyledButtonProps & Omit<ComponentPropsWithoutRef<'button'>, keyof UnstyledButtonProps>;

/** The top bar's account button: the same before the menu's code has loaded and as the menu's target. */
export const AccountMenuButton = forwardRef<HTMLButtonElement, AccountMenuButtonProps>(function AccountMenuButton({ accountLabel, ...props }, ref) {
  return (
    <UnstyledButton ref={ref} aria-label={`Account menu: ${accountLabel}`} aria-haspopup="menu" px="sm" py={6} style={{ borderRadius: 8 }} fw={600} {...props}>
      {accountLabel} ▾
    </UnstyledButton>
  );
});
