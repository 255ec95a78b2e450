package com.example.rules;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import dev.retryowner.archrules.spi.CustomRule;
import dev.retryowner.archrules.spi.RetryOwnerRuleProvider;
import dev.retryowner.catalog.GateConfig;
import java.util.List;

/** The team's rules: no System.exit outside the jobs packages; web code stays off payments internals. */
public class TeamRules implements RetryOwnerRuleProvider {
  @Override
  public List<CustomRule> rules(GateConfig config) {
    DescribedPredicate<JavaClass> outsideJobs = DescribedPredicate.describe(
        "are outside the jobs packages", type -> !config.isInJobsPackages(type.getName()));
    return List.of(
        new CustomRule("NoSystemExit",
            noClasses().that(outsideJobs).should().callMethod(System.class, "exit", int.class),
            "Throw an exception and let the caller decide; only a job may end the process.",
            "https://wiki.example.com/arch/NoSystemExit"),
        new CustomRule("WebUsesPaymentsInternals",
            noClasses().that().resideInAPackage("..web..")
                .should().dependOnClassesThat().resideInAPackage("..payments.internal.."),
            "Call the payments API (com.example.payments) instead of its internals.",
            "https://wiki.example.com/arch/WebUsesPaymentsInternals"));
  }
}
