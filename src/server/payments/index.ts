import { AppError } from "../errors.ts";
import type { Services } from "../services.ts";
import type { PaymentProvider } from "./provider.ts";
import type { RentPaymentProvider } from "./rent-provider.ts";
import { StripeRentProvider } from "./stripe-connect.ts";
import { StripePaymentProvider } from "./stripe-provider.ts";
import { TestRentProvider } from "./test-connect.ts";
import { TestPaymentProvider } from "./test-provider.ts";

// The provider is chosen by configuration: Stripe when STRIPE_SECRET_KEY is set, otherwise the
// built-in test provider. One instance per running app (it caches Stripe price ids).
const providers = new WeakMap<Services, PaymentProvider>();

export function paymentProvider(services: Services): PaymentProvider {
  let provider = providers.get(services);
  if (!provider) {
    provider = services.config.STRIPE_SECRET_KEY ? new StripePaymentProvider(services.config) : new TestPaymentProvider(services);
    providers.set(services, provider);
  }
  return provider;
}

/** The test provider, or a clear 404 when the app runs on Stripe. */
export function testProvider(services: Services): TestPaymentProvider {
  const provider = paymentProvider(services);
  if (!(provider instanceof TestPaymentProvider)) {
    throw new AppError("NOT_FOUND", "Test mode is off: payments go through Stripe.");
  }
  return provider;
}

export type { BillingEvent, PaymentProvider } from "./provider.ts";
export { StripePaymentProvider, TestPaymentProvider };

// Checkouts in payment mode (online rent, a-la-carte purchases): Stripe Connect and Checkout, or
// the test provider's, chosen the same way.
const rentProviders = new WeakMap<Services, RentPaymentProvider>();

export function rentProvider(services: Services): RentPaymentProvider {
  let provider = rentProviders.get(services);
  if (!provider) {
    provider = services.config.STRIPE_SECRET_KEY ? new StripeRentProvider(services.config) : new TestRentProvider(services);
    rentProviders.set(services, provider);
  }
  return provider;
}

/** The test provider's payment-mode checkouts, or a clear 404 when the app runs on Stripe. */
export function testRentProvider(services: Services): TestRentProvider {
  const provider = rentProvider(services);
  if (!(provider instanceof TestRentProvider)) throw new AppError("NOT_FOUND", "Test mode is off: rent is paid through Stripe.");
  return provider;
}
