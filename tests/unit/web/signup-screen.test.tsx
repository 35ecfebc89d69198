// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { SignUpScreen, type SignUpScreenProps, type SignUpStatus } from '../../../web/client/features/sign-in/components/signup-screen.js';
import { renderUi } from './support/render.js';

afterEach(cleanup);

function setup(status: SignUpStatus, overrides: Partial<SignUpScreenProps> = {}) {
  const calls: string[] = [];
  const props: SignUpScreenProps = {
    status,
    marketingConsent: false,
    onMarketingConsentChange: (consent) => calls.push(`consent:${consent}`),
    onSendMagicLink: (email) => calls.push(`link:${email}`),
    onSendCode: (email) => calls.push(`code:${email}`),
    onVerifyCode: (email, code) => calls.push(`verify:${email}:${code}`),
    onResendCode: (email) => calls.push(`resend:${email}`),
    onGoogle: () => calls.push('google'),
    onStartOver: () => calls.push('start-over'),
    ...overrides,
  };
  renderUi(<SignUpScreen {...props} />);
  return calls;
}

const codeBoxes = () => screen.getAllByRole('textbox', { name: /Sign-in code \d\/6/ }) as HTMLInputElement[];

describe('SignUpScreen', () => {
  it('app §7: asks for a magic link with the typed e-mail, trimmed', async () => {
    const calls = setup({ kind: 'idle' });
    await userEvent.type(screen.getByLabelText('E-mail address'), '  ada@example.com ');
    await userEvent.click(screen.getByRole('button', { name: 'E-mail me a sign-in link' }));
    expect(calls).toEqual(['link:ada@example.com']);
  });

  it('does not send anything for an invalid e-mail and says why', async () => {
    const calls = setup({ kind: 'idle' });
    await userEvent.type(screen.getByLabelText('E-mail address'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'E-mail me a 6-digit code instead' }));
    expect(calls).toEqual([]);
    expect(screen.getByRole('alert').textContent).toMatch(/valid e-mail/);
  });

  it('app §1: offers Google and the marketing-consent choice', async () => {
    const calls = setup({ kind: 'idle' });
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    await userEvent.click(screen.getByRole('checkbox', { name: /occasional news/ }));
    expect(calls).toEqual(['google', 'consent:true']);
  });

  it('pasting a six-digit code fills the six boxes and verifies it', () => {
    const calls = setup({ kind: 'sent', method: 'email_code', email: 'ada@example.com' });
    expect(codeBoxes()).toHaveLength(6);
    fireEvent.paste(codeBoxes()[0]!, { clipboardData: { getData: () => ' 123 456\n' } });
    expect(codeBoxes().map((box) => box.value)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(calls).toEqual(['verify:ada@example.com:123456']);
  });

  it('typing digits moves along the boxes; Backspace steps back', async () => {
    const calls = setup({ kind: 'sent', method: 'email_code', email: 'ada@example.com' });
    await userEvent.click(codeBoxes()[0]!);
    await userEvent.keyboard('12a3');
    expect(codeBoxes().map((box) => box.value).join('')).toBe('123');
    expect(document.activeElement).toBe(codeBoxes()[3]);
    await userEvent.keyboard('{Backspace}');
    expect(codeBoxes().map((box) => box.value).join('')).toBe('12');
    expect(calls).toEqual([]);
  });

  it('a wrong code is explained and the boxes are marked invalid', () => {
    setup({ kind: 'wrong_code', email: 'ada@example.com' });
    expect(screen.getByRole('alert').textContent).toMatch(/not right or has expired/);
    expect(codeBoxes().every((box) => box.getAttribute('aria-invalid') === 'true')).toBe(true);
  });

  it('an expired link is explained above the e-mail form', () => {
    setup({ kind: 'expired_link' });
    expect(screen.getByRole('alert').textContent).toMatch(/expired or was already used/);
    expect(screen.getByLabelText('E-mail address')).toBeTruthy();
  });

  it('after a magic link is sent it says where, and offers another address', async () => {
    const calls = setup({ kind: 'sent', method: 'magic_link', email: 'ada@example.com' });
    expect(screen.getByRole('status').textContent).toContain('ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Use a different e-mail' }));
    expect(calls).toEqual(['start-over']);
  });

  it('the code step counts down while a new code cannot be sent yet, and sends one when asked after', async () => {
    const calls = setup({ kind: 'sent', method: 'email_code', email: 'ada@example.com' }, { resend: { kind: 'wait', until: Date.now() + 42_000, notice: 'still_works' } });
    expect(screen.getByText(/still works\. You can ask for a new one in 4[12] s/)).toBeTruthy();
    expect((screen.getByRole('button', { name: /Send a new code \(4[12] s\)/ }) as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    const later = setup({ kind: 'sent', method: 'email_code', email: 'ada@example.com' }, { resend: { kind: 'wait', until: Date.now() - 1, notice: null } });
    await userEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(later).toEqual(['resend:ada@example.com']);
    expect(calls).toEqual([]);
  });
});
