import { useEffect } from 'react';
import { NotAvailablePage } from '../../../components/ui/not-available-page';
import { logout } from '../api/logout';

/** Visiting the login page ends any current session (spec); the form itself comes later. */
export function LoginPage() {
  useEffect(() => {
    void logout();
  }, []);
  return <NotAvailablePage title="login" />;
}
