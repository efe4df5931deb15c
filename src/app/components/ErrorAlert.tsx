import '@mantine/core/styles/Alert.css';
import { Alert } from '@mantine/core';

/**
 * A failure the user must see: announced at once (role="alert"), in the error colour; nothing at
 * all while there is no message.
 */
export function ErrorAlert({ message, title }: { message: string | null | undefined; title?: string }) {
  if (!message) return null;
  return (
    <Alert color="red" role="alert" {...(title ? { title } : {})}>
      {message}
    </Alert>
  );
}
