import { describe, expect, test } from 'vitest';
import * as api from '../../api/index.js';

describe('the Node API', () => {
  test('keeps startMock, the former name of startSandbox, as an alias so existing code still runs', () => {
    expect(api.startMock).toBe(api.startSandbox);
  });
});
