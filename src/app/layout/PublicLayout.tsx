import { Outlet } from '@tanstack/react-router';

/** The frame of the public routes: the screen alone, without the signed-in bars. */
export function PublicLayout() {
  return (
    <main>
      <Outlet />
    </main>
  );
}
