package dev.retryowner.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.retryowner.catalog.Catalog;
import dev.retryowner.catalog.CatalogEntry;
import dev.retryowner.catalog.EntryKind;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The bundled catalog's entries about this job layer (the amplification map's job handlers and
 * policies) name what this module declares: a typo there would leave every handler's policy
 * unknown.
 */
class BundledJobEntriesTest {
  private static final List<CatalogEntry> ENTRIES = Catalog.bundled().entries().stream()
      .filter(entry -> entry.typeName().startsWith(JobHandler.class.getPackageName() + "."))
      .toList();

  @Test
  void theHandlerTypeIsThisModulesHandlerInterface() throws ClassNotFoundException {
    List<CatalogEntry> entryTypes = ENTRIES.stream()
        .filter(entry -> entry.kind() == EntryKind.ENTRY_TYPE).toList();

    assertThat(entryTypes).extracting(CatalogEntry::typeName)
        .containsExactly(JobHandler.class.getName());
    assertThat(Class.forName(entryTypes.get(0).typeName()).isInterface()).isTrue();
  }

  @Test
  void thePolicysAttemptArgumentIsTheMaxAttemptsOfItsFactory() throws ClassNotFoundException {
    List<CatalogEntry> settings = ENTRIES.stream()
        .filter(entry -> entry.kind() == EntryKind.ATTEMPTS_ARGUMENT).toList();

    assertThat(settings).hasSize(1);
    CatalogEntry of = settings.get(0);
    List<Method> factories = Arrays.stream(Class.forName(of.typeName()).getMethods())
        .filter(m -> m.getName().equals(of.memberName())).toList();
    assertThat(factories).isNotEmpty().allSatisfy(m ->
        assertThat(m.getParameterTypes()[of.attemptsArgumentIndex()]).isEqualTo(int.class));
    assertThat(RetryPolicy.of(7, Backoff.defaultBackoff()).maxAttempts()).isEqualTo(7);
  }
}
