/** How the limits decided a request: admitted, limited or banned. Usage counts requests by it. */
export type Outcome = 'admitted' | 'limited' | 'banned';
