package dev.retryowner.archrules.exempted;

import dev.retryowner.annotations.RetryOwnerExempt;
import io.github.resilience4j.retry.Retry;
import java.util.function.Supplier;

/** Retries everywhere, all of it exempt: the class carries the exemption. */
@RetryOwnerExempt(rule = "RetryOutsideJobs", reason = "legacy importer, replaced by PAY-1234")
public class LegacyImporter {
  private final Retry retry = Retry.ofDefaults("import");

  public Object run(Supplier<Object> call) {
    return retry.executeSupplier(call);
  }

  public Supplier<Object> anonymous() {
    return new Supplier<>() {
      @Override
      public Object get() {
        return Retry.ofDefaults("anonymous");
      }
    };
  }

  static class Nested {
    Object create() {
      return Retry.ofDefaults("nested");
    }
  }
}
