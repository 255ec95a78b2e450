package dev.retryowner.catalog.shape;

import static org.assertj.core.api.Assertions.assertThat;

import dev.retryowner.catalog.shape.Code.Assign;
import dev.retryowner.catalog.shape.Code.Block;
import dev.retryowner.catalog.shape.Code.Call;
import dev.retryowner.catalog.shape.Code.Callee;
import dev.retryowner.catalog.shape.Code.Catch;
import dev.retryowner.catalog.shape.Code.Literal;
import dev.retryowner.catalog.shape.Code.Loop;
import dev.retryowner.catalog.shape.Code.LoopKind;
import dev.retryowner.catalog.shape.Code.Name;
import dev.retryowner.catalog.shape.Code.Try;
import dev.retryowner.catalog.shape.Code.Unary;
import dev.retryowner.catalog.shape.MethodCode.Access;
import dev.retryowner.catalog.shape.MethodCode.Kind;
import dev.retryowner.catalog.shape.MethodCode.Parameter;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The shapes on hand-built code, without an engine: what each reads and reports. */
class RetryShapesTest {
  private static final String FAILURE = "java.io.IOException";

  /** A call of {@code name}, which reaches the units of that name. */
  private static Call call(Code receiver, String name, Code... arguments) {
    return new Call(name + "()", receiver, name, List.of(arguments),
        Callee.of(Optional.empty(), Optional::empty, unit -> unit.name().equals(name)), null);
  }

  private static Block block(Code... statements) {
    return new Block("{}", List.of(statements));
  }

  private static Try tryCatch(Block body, String caught, Block handler) {
    return new Try("try", List.of(), body, List.of(new Catch("catch", "e", List.of(caught),
        handler)), null);
  }

  private static MethodCode method(String name, Access access, Code body,
      Parameter... parameters) {
    return new MethodCode(name, name, List.of(parameters), body, Kind.METHOD, access);
  }

  private static List<ShapeMatch> matchesIn(MethodCode unit, MethodCode... others) {
    List<MethodCode> units = new java.util.ArrayList<>(List.of(others));
    units.add(0, unit);
    ClassCode type = new ClassCode("class", "Reconnector", units, null);
    return RetryShapes.find(List.of(type)).in(unit);
  }

  /** {@code while (!shutdown) { try { reconnect(); } catch (IOException e) { } }}. */
  private static MethodCode reconnectLoop() {
    Loop loop = new Loop("while", LoopKind.WHILE, List.of(),
        new Unary("!shutdown", "!", new Name("shutdown", "shutdown")), List.of(),
        block(tryCatch(block(call(null, "reconnect")), FAILURE, block())));
    return method("run", Access.OPEN, block(loop));
  }

  @Test
  void aLoopWhoseWorkSetsItsFlagThroughTheClassesMethodsLeavesOnSuccess() {
    MethodCode connect = method("connect", Access.PRIVATE, block(new Assign("shutdown = true",
        "=", new Name("shutdown", "shutdown"), new Literal("true", true))));
    MethodCode reconnect = method("reconnect", Access.PACKAGE, block(call(null, "connect")));

    assertThat(matchesIn(reconnectLoop(), reconnect, connect))
        .extracting(ShapeMatch::origin).containsExactly("while");
  }

  @Test
  void aLoopWhoseWorkNeverEndsItRunsUntilStoppedAndIsNoRetry() {
    MethodCode goesOn = method("connect", Access.PRIVATE, block(new Assign("shutdown = false",
        "=", new Name("shutdown", "shutdown"), new Literal("false", false))));
    MethodCode reconnect = method("reconnect", Access.PACKAGE, block(call(null, "connect")));
    MethodCode stop = method("stop", Access.OPEN, block(new Assign("shutdown = true", "=",
        new Name("shutdown", "shutdown"), new Literal("true", true))));

    assertThat(matchesIn(reconnectLoop(), reconnect, goesOn, stop)).isEmpty();
  }

  @Test
  void theFailedTrysCallMadeAgainFromANestedCatchIsARepeatedCall() {
    Name store = new Name("store", "store");
    Name path = new Name("path", "path");
    Call again = call(store, "setData", path);
    Try create = tryCatch(block(call(store, "create", path)), "NodeExistsException",
        block(again));
    MethodCode forceSet = method("forceSet", Access.OPEN, block(tryCatch(
        block(call(store, "setData", path)), "NoNodeException", block(create))),
        new Parameter("path", "java.lang.String"));

    assertThat(matchesIn(forceSet)).extracting(ShapeMatch::origin).containsExactly(again.origin());
  }

  @Test
  void anOverloadMadeFromANestedCatchIsNoRepeatedCall() {
    Name store = new Name("store", "store");
    Name path = new Name("path", "path");
    Try create = tryCatch(block(call(store, "create", path)), "NodeExistsException",
        block(call(store, "delete", path)));
    MethodCode createOrDelete = method("createOrDelete", Access.OPEN, block(tryCatch(
        block(call(store, "setData", path)), "NoNodeException", block(create))),
        new Parameter("path", "java.lang.String"));

    assertThat(matchesIn(createOrDelete)).isEmpty();
  }

  @Test
  void aFailureAWayInIsHandedIsItsCallersAndACallbackObjectsIsItsOwn() {
    MethodCode notify = method("notify", Access.OPEN, block(),
        new Parameter("throwable", "java.lang.Throwable"));
    ClassCode reporter = new ClassCode("class", "Reporter", List.of(notify), null);
    ClassCode callback = new ClassCode("callback", "Callback", List.of(notify), reporter);

    assertThat(FailureReading.takesCallersFailure(notify, reporter)).isTrue();
    assertThat(FailureReading.takesCallersFailure(notify, callback)).isFalse();
    assertThat(FailureReading.takesCallersFailure(
        method("handle", Access.PACKAGE, block()), reporter)).isFalse();
  }
}
