import { ForgotPasswordForm } from '../components/forgot-password-form.tsx';

/** /forgot-password */
export function ForgotPasswordRoute() {
  return (
    <div className="mx-auto flex max-w-md px-4 py-10 sm:py-16">
      <ForgotPasswordForm />
    </div>
  );
}
