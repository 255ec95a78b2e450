package dev.retryowner.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class PackagePatternTest {

  @ParameterizedTest(name = "{0} matches package ''{1}'': {2}")
  @CsvSource({
      // a plain name: the package and its sub-packages
      "com.acme.jobs,       com.acme.jobs,            true",
      "com.acme.jobs,       com.acme.jobs.mail,       true",
      "com.acme.jobs,       com.acme.jobs.mail.smtp,  true",
      "com.acme.jobs,       com.acme,                 false",
      "com.acme.jobs,       com.acme.jobsx,           false",
      "com.acme.jobs,       com.acme.job,             false",
      "com.acme.jobs,       com.acme.other.jobs,      false",
      "com.acme.jobs,       org.acme.jobs,            false",
      "com.acme.jobs,       '',                       false",
      // '*' is exactly one segment
      "com.*.jobs,          com.acme.jobs,            true",
      "com.*.jobs,          com.acme.jobs.mail,       true",
      "com.*.jobs,          com.jobs,                 false",
      "com.*.jobs,          com.acme.billing.jobs,    false",
      "com.*.jobs,          com.acme.jobsx,           false",
      // '**' at the start
      "**.jobs,             jobs,                     true",
      "**.jobs,             com.acme.jobs,            true",
      "**.jobs,             com.acme.jobs.mail,       true",
      "**.jobs,             com.acme.jobsx,           false",
      "**.jobs,             com.acme,                 false",
      // '**' in the middle: zero or more segments
      "com.**.jobs,         com.jobs,                 true",
      "com.**.jobs,         com.acme.jobs,            true",
      "com.**.jobs,         com.acme.billing.jobs.mail, true",
      "com.**.jobs,         org.acme.jobs,            false",
      "com.**.jobs,         com.acme.jobsx,           false",
      "com.**.jobs,         com.acme.jobsx.jobsy,     false",
      // '**' at the end
      "com.acme.**,         com.acme,                 true",
      "com.acme.**,         com.acme.x.y,             true",
      "com.acme.**,         com.acmex,                false",
      "com.acme.**,         com,                      false",
      // '**' alone matches everything, the default package included
      "**,                  com.acme,                 true",
      "**,                  '',                       true",
  })
  void matchesPackages(String pattern, String packageName, boolean expected) {
    assertThat(PackagePattern.parse(pattern).matchesPackage(packageName)).isEqualTo(expected);
  }

  @Test
  void matchesClassesByTheirPackage() {
    PackagePattern jobs = PackagePattern.parse("com.acme.jobs");

    assertThat(jobs.matchesClass("com.acme.jobs.Deliver")).isTrue();
    assertThat(jobs.matchesClass("com.acme.jobs.mail.Send$Attempt")).isTrue();
    assertThat(jobs.matchesClass("com.acme.jobsx.Deliver")).isFalse();
    assertThat(jobs.matchesClass("com.acme.Jobs")).isFalse();
    assertThat(jobs.matchesClass("Deliver")).isFalse();
  }

  @Test
  void surroundingBlanksAreIgnored() {
    PackagePattern pattern = PackagePattern.parse("  com.acme.jobs ");

    assertThat(pattern.matchesPackage("com.acme.jobs")).isTrue();
    assertThat(pattern).hasToString("com.acme.jobs");
    assertThat(pattern).isEqualTo(PackagePattern.parse("com.acme.jobs"))
        .hasSameHashCodeAs(PackagePattern.parse("com.acme.jobs"));
    assertThat(pattern).isNotEqualTo(PackagePattern.parse("com.acme.**.jobs"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "   "})
  void rejectsAnEmptyPattern(String text) {
    assertThatThrownBy(() -> PackagePattern.parse(text))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("empty package pattern");
  }

  @ParameterizedTest(name = "''{0}'' has the bad segment ''{1}''")
  @CsvSource({
      "com..jobs,        ''",
      "com.acme.jobs.,   ''",
      ".com.acme,        ''",
      "com.acme-x.jobs,  acme-x",
      "com.***.jobs,     ***",
      "com.a*.jobs,      a*",
      "com.1acme,        1acme",
      "com/acme/jobs,    com/acme/jobs",
  })
  void rejectsInvalidSegmentsSayingWhichAndHowToWriteOne(String text, String segment) {
    assertThatThrownBy(() -> PackagePattern.parse(text))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("'" + text + "' is not a package pattern: segment '" + segment + "' is neither"
            + " a Java identifier, '*' nor '**' (write e.g. com.acme.jobs or com.acme.**.jobs)");
  }
}
