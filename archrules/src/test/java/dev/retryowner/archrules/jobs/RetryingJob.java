package dev.retryowner.archrules.jobs;

import io.github.resilience4j.retry.Retry;
import java.util.function.Supplier;
import org.springframework.retry.annotation.Retryable;
import org.springframework.retry.support.RetryTemplate;

/** The job layer owns retries: the same uses as the red samples, allowed here. */
public class RetryingJob {
  private final Retry retry = Retry.ofDefaults("job");
  private final RetryTemplate template = new RetryTemplate();

  @Retryable
  public String run(Supplier<String> call) {
    return retry.executeSupplier(call);
  }

  public RetryTemplate template() {
    return template;
  }
}
