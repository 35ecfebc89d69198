/** A send refused by the monthly spending cap: the cap, spent this month, what the send needed, what remains. */
export interface SpendingCapRefusal {
  readonly cap: number;
  readonly spent: number;
  readonly required: number;
  readonly remaining: number;
}

/** The numbers of a `spending_cap_reached` refusal's details, when all four are there. */
export function spendingCapRefusalOf(details: Readonly<Record<string, unknown>> | undefined): SpendingCapRefusal | null {
  const { cap, spent, required, remaining } = details ?? {};
  const numbers = [cap, spent, required, remaining];
  if (!numbers.every((n): n is number => typeof n === 'number' && Number.isFinite(n))) return null;
  return { cap: cap as number, spent: spent as number, required: required as number, remaining: remaining as number };
}
