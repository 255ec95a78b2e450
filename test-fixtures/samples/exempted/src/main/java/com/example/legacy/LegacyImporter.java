package com.example.legacy;

import dev.retryowner.annotations.RetryOwnerExempt;
import io.github.resilience4j.retry.Retry;
import java.util.function.Supplier;

/** Legacy code on its way out: its retries are exempt, each with the reason. */
public class LegacyImporter {
  @RetryOwnerExempt(rule = "RetryOutsideJobs", reason = "legacy importer, replaced by PAY-1234")
  public String importAll(Supplier<String> call) {
    Retry retry = Retry.ofDefaults("import"); // exempted
    return retry.executeSupplier(call); // exempted
  }

  public String sendOnce(Supplier<String> call) {
    return call.get();
  }
}
