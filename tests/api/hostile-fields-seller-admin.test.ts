import { hostileSuite, SELLER_AND_ADMIN } from './hostile-suite';

// The rest of the procedures (and the fixture coverage test) are in hostile-fields.test.ts.
hostileSuite('hostile values aimed at each field of the seller’s and the admin’s procedures', (path) => SELLER_AND_ADMIN.test(path));
