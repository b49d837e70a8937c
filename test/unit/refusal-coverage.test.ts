// `npm run coverage:machines` counts the refusal codes each flow's calls declare (issue 24, item 5).
import { describe, expect, it } from 'vitest';
import * as otpLogin from '../../contract/calls/otp-login.ts';
import { machineModels } from '../../machines/index.ts';
import { apiActors } from '../support/api-actors.ts';
import { modelPaths } from '../support/graph.ts';
import { describeCode, refusalCoverage } from '../support/refusal-coverage.ts';

describe('refusal coverage', () => {
  const objects = apiActors();
  const result = refusalCoverage(machineModels.otpLogin, modelPaths(machineModels.otpLogin), objects);

  it('lists every code the calls behind the machine declare, once per invoke', () => {
    const login = result.codes.filter((entry) => entry.calls.includes('otpLogin.login'));
    expect(login.map((entry) => entry.code).sort()).toEqual([...otpLogin.login.codes].sort());
    expect(result.total).toBe(result.codes.length);
  });

  it('counts a code as reached only when a generated path sends it, and gives every other code a reason', () => {
    expect(result.reached).toBeGreaterThanOrEqual(4);
    const held = result.codes.find((entry) => entry.code === 'otpHeld' && entry.calls.includes('otpLogin.login'));
    expect(held?.status.kind).toBe('reached');
    for (const entry of result.codes.filter((one) => one.status.kind !== 'reached')) {
      expect(describeCode(entry)).toMatch(/not sent by a generated path|no generated path/);
      // Handled like a failure some path does send (a declared code, or the generic network failure).
      if (entry.status.kind === 'same route') expect(describeCode(entry)).toContain(`same transitions as for ${entry.status.as}`);
      expect(entry.status.kind).not.toBe('gap');
    }
  });
});
