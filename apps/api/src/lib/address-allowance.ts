import { addressMatcher } from './address-list.ts';

/**
 * How many clients one address stands for, as limits kept per address count them: SCHOOL_NETWORK_LIMIT_FACTOR for a
 * school's network (SCHOOL_NETWORKS: a computer room behind one NAT address), 1 for everyone else. Every limit per
 * client address (requests per route, in-flight requests, failed logins, missed puzzles, text messages) multiplies
 * its ceiling by it; limits per account or per phone do not change.
 */
export type AddressAllowance = (address: string | undefined) => number;

/** The two settings it reads (config.ts names them). */
export interface SchoolNetworks {
  SCHOOL_NETWORKS: string[];
  SCHOOL_NETWORK_LIMIT_FACTOR: number;
}

export const createAddressAllowance = (config: SchoolNetworks) => {
  if (config.SCHOOL_NETWORKS.length === 0) return () => 1;
  const isSchool = addressMatcher(config.SCHOOL_NETWORKS);
  return (address: string | undefined) => (isSchool(address) ? config.SCHOOL_NETWORK_LIMIT_FACTOR : 1);
};

/** One address's allowance for anyone who does not know the configuration (tools, tests). */
export const ONE_CLIENT_PER_ADDRESS: AddressAllowance = () => 1;
