/** Login accounts of demo experts 2 and 3 (password: the demo expert's), created by the scoring demo data. */
export const DEMO_EXPERT_ACCOUNTS = [
  { n: 2, userId: 'u_demo_expert2', username: 'reviewer2' },
  { n: 3, userId: 'u_demo_expert3', username: 'reviewer3' },
];
