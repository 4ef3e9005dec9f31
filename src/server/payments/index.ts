import { AppError } from "../errors.ts";
import type { Services } from "../services.ts";
import type { PaymentProvider } from "./provider.ts";
import { StripePaymentProvider } from "./stripe-provider.ts";
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
