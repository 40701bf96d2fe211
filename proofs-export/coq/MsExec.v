(* mapsound Coq support library: executions.  The record holds the
   primitive facts of an execution, exactly the primitives of
   lib/exec/vocabulary.cat (exec::primitive_names()); every derived name
   of the vocabulary (M, loc, int, ext, scta, sgpu, incl, sbar, ...) is a
   Definition of the generated module MsVocabulary.v, translated from that
   same file, so Coq and the engine read one definition.  What the memory
   system chooses besides rf (coherence, the Fence-SC order, ...) is each
   model's own Witness record.

   wf says what every execution lib/exec builds has by construction
   (lib/exec/vocabulary.cpp, litmus expansion, mapping::compile); see its
   comment. *)

Require Coq.Lists.List.
Require Import Mapsound.MsRel.

Record Execution (E : Type) := {
  (* event kinds; IW: the initial writes *)
  IW : set E; R : set E; W : set E; F : set E; BAR : set E; RMW : set E;
  (* memory-order tags *)
  NA : set E; WEAK : set E; RLX : set E; ACQ : set E; REL : set E; ACQ_REL : set E; SC : set E;
  (* the scope level an event is qualified with (none: thread scope) *)
  SG : set E; CTA : set E; CLUSTER : set E; QF : set E; GPU : set E; SYS : set E;
  (* further tags: proxies, Vulkan and OpenCL qualifiers (exec.hpp, Tag) *)
  SUR : set E; TEX : set E; CON : set E; ALIAS : set E; NONPRIV : set E; SC0 : set E; SC1 : set E;
  SC2 : set E; SC3 : set E; SEMSC0 : set E; SEMSC1 : set E; SEMSC2 : set E; SEMSC3 : set E; AV : set E; VIS : set E; SEMAV : set E; SEMVIS : set E;
  AVDEVICE : set E; VISDEVICE : set E; GLOBAL : set E; LOCAL : set E; BAR_ARRIVE : set E;
  (* AArch64: barriers by what they order, ISB, LDAPR, exclusives (X_ is the
     vocabulary's X: X names executions here) *)
  dmb_full : set E; dmb_ld : set E; dmb_st : set E; ISB : set E; Q : set E; X_ : set E;
  (* Power's barriers *)
  SYNC : set E; LWSYNC : set E; ISYNC : set E;
  (* RISC-V fences: predecessor and successor sets, fence.tso *)
  Fence_pr : set E; Fence_pw : set E; Fence_sr : set E; Fence_sw : set E; Fence_tso : set E;
  (* program order, read-modify-write pairs, dependencies, reads-from *)
  po : rel E; rmw : rel E; addr : rel E; data : rel E; ctrl : rel E; rf : rel E;
  (* each memory event to the initial write of its location ('at' in the
     .cat files), and to the representative of its location as the program
     names it *)
  at_ : rel E; vat : rel E;
  (* events of threads sharing the thread, subgroup, CTA, cluster, queue
     family, GPU (initial writes are in no thread) *)
  same_thread : rel E; same_sg : rel E; same_cta : rel E; same_cluster : rel E; same_qf : rel E;
  same_gpu : rel E;
  (* barrier events of one barrier instance *)
  same_barrier : rel E
}.

Arguments IW {E} _ _.  Arguments R {E} _ _.  Arguments W {E} _ _.  Arguments F {E} _ _.
Arguments BAR {E} _ _.  Arguments RMW {E} _ _.
Arguments NA {E} _ _.  Arguments WEAK {E} _ _.  Arguments RLX {E} _ _.  Arguments ACQ {E} _ _.
Arguments REL {E} _ _.  Arguments ACQ_REL {E} _ _.  Arguments SC {E} _ _.
Arguments SG {E} _ _.  Arguments CTA {E} _ _.  Arguments CLUSTER {E} _ _.  Arguments QF {E} _ _.
Arguments GPU {E} _ _.  Arguments SYS {E} _ _.
Arguments SUR {E} _ _.  Arguments TEX {E} _ _.  Arguments CON {E} _ _.  Arguments ALIAS {E} _ _.
Arguments NONPRIV {E} _ _.  Arguments SC0 {E} _ _.  Arguments SC1 {E} _ _.  Arguments SEMSC0 {E} _ _.
Arguments SEMSC1 {E} _ _.  Arguments SC2 {E} _ _.  Arguments SC3 {E} _ _.  Arguments SEMSC2 {E} _ _.
Arguments SEMSC3 {E} _ _.  Arguments AV {E} _ _.  Arguments VIS {E} _ _.  Arguments SEMAV {E} _ _.
Arguments SEMVIS {E} _ _.  Arguments AVDEVICE {E} _ _.  Arguments VISDEVICE {E} _ _.
Arguments GLOBAL {E} _ _.  Arguments LOCAL {E} _ _.  Arguments BAR_ARRIVE {E} _ _.
Arguments dmb_full {E} _ _.  Arguments dmb_ld {E} _ _.  Arguments dmb_st {E} _ _.  Arguments ISB {E} _ _.  Arguments Q {E} _ _.  Arguments X_ {E} _ _.
Arguments SYNC {E} _ _.  Arguments LWSYNC {E} _ _.  Arguments ISYNC {E} _ _.
Arguments Fence_pr {E} _ _.  Arguments Fence_pw {E} _ _.  Arguments Fence_sr {E} _ _.  Arguments Fence_sw {E} _ _.
Arguments Fence_tso {E} _ _.
Arguments po {E} _ _ _.  Arguments rmw {E} _ _ _.  Arguments addr {E} _ _ _.  Arguments data {E} _ _ _.
Arguments ctrl {E} _ _ _.  Arguments rf {E} _ _ _.  Arguments at_ {E} _ _ _.  Arguments vat {E} _ _ _.
Arguments same_thread {E} _ _ _.  Arguments same_sg {E} _ _ _.  Arguments same_cta {E} _ _ _.
Arguments same_cluster {E} _ _ _.  Arguments same_qf {E} _ _ _.  Arguments same_gpu {E} _ _ _.
Arguments same_barrier {E} _ _ _.

(* ---- Families of sets, by name ---- *)

Inductive Kind := K_R | K_W | K_F | K_BAR.
Inductive Ord := O_NA | O_WEAK | O_RLX | O_ACQ | O_REL | O_ACQ_REL | O_SC.
Inductive Lvl := L_SG | L_CTA | L_CLUSTER | L_QF | L_GPU | L_SYS.
Inductive Tag := T_SUR | T_TEX | T_CON | T_ALIAS | T_NONPRIV | T_SC0 | T_SC1 | T_SC2 | T_SC3 | T_SEMSC0 | T_SEMSC1
               | T_SEMSC2 | T_SEMSC3
               | T_AV | T_VIS | T_SEMAV | T_SEMVIS | T_AVDEVICE | T_VISDEVICE | T_GLOBAL | T_LOCAL | T_BAR_ARRIVE
               | T_dmb_full | T_dmb_ld | T_dmb_st | T_ISB | T_Q | T_X_ | T_SYNC | T_LWSYNC | T_ISYNC
               | T_Fence_pr | T_Fence_pw | T_Fence_sr | T_Fence_sw | T_Fence_tso.

Section Families.
Variable E : Type.
Variable X : Execution E.

Definition kind_set (k : Kind) : set E :=
  match k with K_R => R X | K_W => W X | K_F => F X | K_BAR => BAR X end.
Definition order_set (o : Ord) : set E :=
  match o with
  | O_NA => NA X | O_WEAK => WEAK X | O_RLX => RLX X | O_ACQ => ACQ X | O_REL => REL X
  | O_ACQ_REL => ACQ_REL X | O_SC => SC X
  end.
Definition scope_set (l : Lvl) : set E :=
  match l with
  | L_SG => SG X | L_CTA => CTA X | L_CLUSTER => CLUSTER X | L_QF => QF X | L_GPU => GPU X | L_SYS => SYS X
  end.
Definition tag_set (t : Tag) : set E :=
  match t with
  | T_SUR => SUR X | T_TEX => TEX X | T_CON => CON X | T_ALIAS => ALIAS X | T_NONPRIV => NONPRIV X
  | T_SC0 => SC0 X | T_SC1 => SC1 X | T_SC2 => SC2 X | T_SC3 => SC3 X | T_SEMSC0 => SEMSC0 X
  | T_SEMSC1 => SEMSC1 X | T_SEMSC2 => SEMSC2 X | T_SEMSC3 => SEMSC3 X | T_AV => AV X
  | T_VIS => VIS X | T_SEMAV => SEMAV X | T_SEMVIS => SEMVIS X | T_AVDEVICE => AVDEVICE X
  | T_VISDEVICE => VISDEVICE X | T_GLOBAL => GLOBAL X | T_LOCAL => LOCAL X | T_BAR_ARRIVE => BAR_ARRIVE X
  | T_dmb_full => dmb_full X | T_dmb_ld => dmb_ld X | T_dmb_st => dmb_st X | T_ISB => ISB X | T_Q => Q X | T_X_ => X_ X
  | T_SYNC => SYNC X | T_LWSYNC => LWSYNC X | T_ISYNC => ISYNC X
  | T_Fence_pr => Fence_pr X | T_Fence_pw => Fence_pw X | T_Fence_sr => Fence_sr X | T_Fence_sw => Fence_sw X
  | T_Fence_tso => Fence_tso X
  end.

(* Events of threads (everything but the initial writes), memory events. *)
Definition thread_event : set E := set_compl (IW X).
Definition memory_event : set E := set_union (R X) (W X).

(* e carries exactly the order tag o (None: none), exactly the scope level l. *)
Definition order_is (e : E) (o : option Ord) : Prop := forall o', order_set o' e <-> o = Some o'.
Definition scope_is (e : E) (l : option Lvl) : Prop := forall l', scope_set l' e <-> l = Some l'.
(* Atomic: an order other than non-atomic and .weak. *)
Definition atomic (e : E) : Prop := RLX X e \/ ACQ X e \/ REL X e \/ ACQ_REL X e \/ SC X e.
End Families.

Arguments kind_set {E} X k _.  Arguments order_set {E} X o _.  Arguments scope_set {E} X l _.
Arguments tag_set {E} X t _.  Arguments thread_event {E} X _.  Arguments memory_event {E} X _.
Arguments order_is {E} X e o.  Arguments scope_is {E} X e l.  Arguments atomic {E} X e.

(* ---- Properties of sets and relations used below ---- *)

Definition same_set {E} (a b : set E) : Prop := set_inclusion a b /\ set_inclusion b a.
(* At most one set of the family contains each element. *)
Definition at_most_one {E K} (f : K -> set E) : Prop := forall k1 k2 x, f k1 x -> f k2 x -> k1 = k2.
(* Some set of the family contains each element. *)
Definition covers {E K} (f : K -> set E) : Prop := forall x, exists k, f k x.
(* Each element is related to at most one. *)
Definition functional {E} (r : rel E) : Prop := inclusion (seq (inv r) r) iden.
(* An equivalence whose classes partition exactly the set a. *)
Definition equivalence_on {E} (a : set E) (r : rel E) : Prop :=
  inclusion r (prod a a) /\ inclusion (brack a) r /\ inclusion (inv r) r /\ inclusion (seq r r) r.
(* r relates pairs within s only, and orders every pair of distinct
   s-related elements: a strict total order on each class of s. *)
Definition strict_total_within {E} (s r : rel E) : Prop :=
  inclusion r s /\ irreflexive r /\ inclusion (seq r r) r /\ inclusion s (union iden (union r (inv r))).
(* Two related elements are in a or out of a together. *)
Definition agree_on {E} (a : set E) (r : rel E) : Prop :=
  inclusion r (union (prod a a) (prod (set_compl a) (set_compl a))).
(* Cardinalities, for events counted over an abstract type. *)
Definition at_most {E} (n : nat) (a : set E) : Prop :=
  exists l : list E, length l <= n /\ forall x, a x -> List.In x l.
Definition card {E} (n : nat) (a : set E) : Prop :=
  exists l : list E, List.NoDup l /\ length l = n /\ forall x, a x <-> List.In x l.
Definition same_count {E} (a b : set E) : Prop := exists n, card n a /\ card n b.

(* ---- Well-formedness ----
   What every execution built by lib/exec has, whatever the program:
   - kinds: each event is exactly one of R, W, F, BAR; initial writes are
     writes; RMW is the set of events of rmw pairs;
   - tags: at most one memory order and at most one scope level per event,
     and neither on initial writes (further tags are not constrained);
   - locations: at is a function from the memory events to the initial
     writes, each initial write its own; so loc = at;at^-1 is an
     equivalence on the memory events (MsVocabFacts.v);
   - vat is a function from the memory events to memory events, each event
     in its range its own representative;
   - threads and the scope tree: same_thread, same_sg, same_cta,
     same_cluster, same_qf and same_gpu are equivalences on the events of
     threads (initial writes are outside every thread), each level nested in
     the next: same_thread <= same_sg <= ... <= same_gpu;
   - program order: a strict total order on the events of each thread;
   - read-modify-writes: a read and the write right after it in po, at the
     same location, with the same order and scope;
   - dependencies: from reads to po-later events, addr to memory events,
     data to writes;
   - reads-from: from writes to reads of the same location, every read
     reading exactly one write;
   - barriers: same_barrier is an equivalence on the barrier events, within
     one CTA. *)
Definition wf {E} (X : Execution E) : Prop :=
  at_most_one (kind_set X) /\ covers (kind_set X) /\
  set_inclusion (IW X) (W X) /\
  same_set (RMW X) (set_union (domain (rmw X)) (range (rmw X))) /\
  at_most_one (order_set X) /\ at_most_one (scope_set X) /\
  (forall o, set_inclusion (order_set X o) (thread_event X)) /\
  (forall l, set_inclusion (scope_set X l) (thread_event X)) /\
  inclusion (at_ X) (prod (memory_event X) (IW X)) /\ functional (at_ X) /\
  set_inclusion (memory_event X) (domain (at_ X)) /\ inclusion (brack (IW X)) (at_ X) /\
  inclusion (vat X) (prod (memory_event X) (memory_event X)) /\ functional (vat X) /\
  set_inclusion (memory_event X) (domain (vat X)) /\ inclusion (brack (range (vat X))) (vat X) /\
  equivalence_on (thread_event X) (same_thread X) /\ equivalence_on (thread_event X) (same_sg X) /\
  equivalence_on (thread_event X) (same_cta X) /\ equivalence_on (thread_event X) (same_cluster X) /\
  equivalence_on (thread_event X) (same_qf X) /\ equivalence_on (thread_event X) (same_gpu X) /\
  inclusion (same_thread X) (same_sg X) /\ inclusion (same_sg X) (same_cta X) /\
  inclusion (same_cta X) (same_cluster X) /\ inclusion (same_cluster X) (same_qf X) /\
  inclusion (same_qf X) (same_gpu X) /\
  strict_total_within (same_thread X) (po X) /\
  inclusion (rmw X) (prod (R X) (W X)) /\ inclusion (rmw X) (po X) /\
  empty (inter (rmw X) (seq (po X) (po X))) /\ inclusion (rmw X) (seq (at_ X) (inv (at_ X))) /\
  (forall o, agree_on (order_set X o) (rmw X)) /\ (forall l, agree_on (scope_set X l) (rmw X)) /\
  inclusion (addr X) (seq (brack (R X)) (seq (po X) (brack (memory_event X)))) /\
  inclusion (data X) (seq (brack (R X)) (seq (po X) (brack (W X)))) /\
  inclusion (ctrl X) (seq (brack (R X)) (po X)) /\
  inclusion (rf X) (prod (W X) (R X)) /\ inclusion (rf X) (seq (at_ X) (inv (at_ X))) /\
  functional (inv (rf X)) /\ set_inclusion (R X) (range (rf X)) /\
  equivalence_on (BAR X) (same_barrier X) /\ inclusion (same_barrier X) (same_cta X).

(* ---- Another execution of the same program ----
   X with its reads-from replaced by r, every other fact kept: what a read
   reads is the one choice a program leaves open here (values are not part
   of executions).  Race freedom of a program quantifies over these (the
   checks' race_free_program). *)
Definition with_rf {E} (X : Execution E) (r : rel E) : Execution E := {|
  IW := IW X; R := R X; W := W X; F := F X; BAR := BAR X; RMW := RMW X; NA := NA X; WEAK := WEAK X;
  RLX := RLX X; ACQ := ACQ X; REL := REL X; ACQ_REL := ACQ_REL X; SC := SC X; SG := SG X;
  CTA := CTA X; CLUSTER := CLUSTER X; QF := QF X; GPU := GPU X; SYS := SYS X; SUR := SUR X;
  TEX := TEX X; CON := CON X; ALIAS := ALIAS X; NONPRIV := NONPRIV X; SC0 := SC0 X; SC1 := SC1 X;
  SC2 := SC2 X; SC3 := SC3 X; SEMSC0 := SEMSC0 X; SEMSC1 := SEMSC1 X; SEMSC2 := SEMSC2 X;
  SEMSC3 := SEMSC3 X; AV := AV X; VIS := VIS X; SEMAV := SEMAV X; SEMVIS := SEMVIS X;
  AVDEVICE := AVDEVICE X; VISDEVICE := VISDEVICE X; GLOBAL := GLOBAL X; LOCAL := LOCAL X;
  BAR_ARRIVE := BAR_ARRIVE X; dmb_full := dmb_full X; dmb_ld := dmb_ld X; dmb_st := dmb_st X; ISB := ISB X; Q := Q X; X_ := X_ X; SYNC := SYNC X; LWSYNC := LWSYNC X; ISYNC := ISYNC X; Fence_pr := Fence_pr X; Fence_pw := Fence_pw X; Fence_sr := Fence_sr X; Fence_sw := Fence_sw X; Fence_tso := Fence_tso X; po := po X; rmw := rmw X; addr := addr X; data := data X;
  ctrl := ctrl X; rf := r; at_ := at_ X; vat := vat X; same_thread := same_thread X;
  same_sg := same_sg X; same_cta := same_cta X; same_cluster := same_cluster X;
  same_qf := same_qf X; same_gpu := same_gpu X; same_barrier := same_barrier X |}.

(* ---- Relations carried through a map from source to target events ---- *)
Definition lifted {Es Et} (map_ : Es -> Et -> Prop) (r : rel Et) : rel Es :=
  fun e1 e2 => exists t1, map_ e1 t1 /\ exists t2, map_ e2 t2 /\ r t1 t2.
Definition pulled {Es Et} (map_ : Es -> Et -> Prop) (r : rel Es) : rel Et :=
  fun t1 t2 => exists e1, map_ e1 t1 /\ exists e2, map_ e2 t2 /\ r e1 e2.
