/** What other features may use of the auth feature: the sign-in pages' card and form parts. */
export { AuthCard } from './components/auth-card';
export { SignInForm, typed } from './components/sign-in-form';
