/**
 * A designer's own assertions file, as the lab and its browser test load it: one assertion that
 * holds (a trained hand at difficulty 12) and one that fails (an untrained one never setting off a
 * difficulty 21 trap; by the seed's table most tries do). `failingSays` is the second one's text,
 * so the browser test can check that markup in a file is shown as text.
 */
export function designerAssertions(failingSays: string) {
  return {
    assertions: [
      {
        id: 'mine/holds',
        ruleset: 'ceaptun',
        says: 'A modifier of 8 disarms a difficulty 12 trap at least 9 times in 10.',
        exact: { check: 'disarm', inputs: { difficulty: 12, modifier: 8 }, measure: 'P(disarmed)', expect: { ge: 0.9 } },
      },
      {
        id: 'mine/fails',
        ruleset: 'ceaptun',
        says: failingSays,
        exact: { check: 'disarm', inputs: { difficulty: 21, modifier: 0 }, measure: 'P(set_off)', expect: { eq: 0 } },
      },
    ],
  };
}
