// The customers domain's face (ADR 060): what other domains, functions/, scripts/ and tests may use of it.
export {
  allCustomerRoles,
  type Customer,
  CustomerInput,
  customerKeys,
  CustomerKind,
  type CustomerRole,
  customerRoles,
  getCustomer,
  getCustomerRole,
  getCustomers,
  listCustomers,
  listCustomersByRole,
  putNewCustomer,
  upsertCustomerRole,
} from './customer-entity.ts';
