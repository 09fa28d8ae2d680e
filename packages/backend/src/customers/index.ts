// The customers domain's face (ADR 060): what other domains, functions/, scripts/ and tests may use of it.
export {
  allCustomerRoles,
  type Customer,
  CustomerInput,
  customerKeys,
  CustomerKind,
  DEFAULT_CUSTOMER_TIMEZONE,
  type CustomerRole,
  customerRoles,
  getCustomer,
  getCustomerRole,
  getCustomers,
  listCustomers,
  listCustomersByRole,
  putNewCustomer,
  timezoneOf,
  upsertCustomerRole,
} from './customer-entity.ts';
