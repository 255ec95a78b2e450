package dev.retryowner.gate;

import dev.retryowner.gate.ArchUnitTypeRelations;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import fixtures.sleepinrequestpath.spring.ReportsApi;
import fixtures.sleepinrequestpath.worker.ReportWorker;
import org.junit.jupiter.api.Test;

class ArchUnitTypeRelationsTest {
  private final ArchUnitTypeRelations relations = new ArchUnitTypeRelations(
      new ClassFileImporter().importClasses(ReportsApi.class, ReportWorker.class));

  @Test
  void annotationTypesIncludeTheAnnotationsTheyCarry() {
    assertThat(relations.annotationTypes(ReportsApi.class.getName())).contains(
        "fixtures.sleepinrequestpath.spring.ApiEndpoint",
        "org.springframework.web.bind.annotation.RestController",
        "org.springframework.stereotype.Controller");
  }

  @Test
  void anUnannotatedOrUnknownTypeHasNoAnnotationTypes() {
    assertThat(relations.annotationTypes(ReportWorker.class.getName())).isEmpty();
    assertThat(relations.annotationTypes("com.acme.Unknown")).isEmpty();
  }
}
