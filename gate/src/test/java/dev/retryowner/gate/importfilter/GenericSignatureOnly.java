package dev.retryowner.gate.importfilter;

import io.github.resilience4j.retry.Retry;
import java.util.List;

/** Names a catalog type only as a type argument, in a field's generic signature. */
public class GenericSignatureOnly {
  List<Retry> retries;
}
