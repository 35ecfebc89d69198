import type { Result } from '../../shared/index.js';

export interface DirectoryUser {
  readonly id: string;
  readonly email: string | null;
  readonly createdAt: string;
  readonly lastSignInAt: string | null;
}

/** Server and CLI lookup of auth users (service role). */
export interface UserDirectory {
  findById(userId: string): Promise<Result<DirectoryUser | null>>;
  findByEmail(email: string): Promise<Result<DirectoryUser | null>>;
}
