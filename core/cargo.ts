// The 30 cargo type options (spec section 3), as [code, label]; the server's list is the one source.
export { CARGO_TYPES as CARGO_OPTIONS } from '../server/domains/carrier-data/records';
