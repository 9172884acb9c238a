/** What a refused input says: the field it names and its message (fails the test when the work is not refused so). */
import { expect } from 'vitest';
import { ValidationError } from '../../src/domain/shared/errors.js';

export async function refusal(work: Promise<unknown>): Promise<{ field: string; message: string }> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, 'expected a refusal').toBeInstanceOf(ValidationError);
  const { field, message } = error as ValidationError & { field: string };
  return { field, message };
}
