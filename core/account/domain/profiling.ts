/** The onboarding questionnaire with its client-side names (app spec §3). */
export interface Profiling {
  readonly role: string;
  readonly roleOther: string;
  readonly companySize: string;
  readonly workOutputs: readonly string[];
  readonly workOutputOther: string;
  /** How the user uses the product ("{product}_use" in the spec; the product is Ensemble). */
  readonly ensembleUse: string;
  readonly ensembleUseOther: string;
  readonly completed: boolean;
  readonly currentStep: number;
}

/** The stored names of user_profiling (app spec §3). */
export interface StoredProfiling {
  readonly role: string | null;
  readonly role_other: string | null;
  readonly company_size: string | null;
  readonly work_outputs: readonly string[] | null;
  readonly work_output_other: string | null;
  readonly ensemble_use: string | null;
  readonly ensemble_use_other: string | null;
  readonly completed: boolean | null;
  readonly current_step: number | null;
}
