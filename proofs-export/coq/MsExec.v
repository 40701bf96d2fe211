(* mapsound Coq support library: the execution vocabulary every exported
   model is written against (README "Execution vocabulary"), as a record of
   sets and relations over an abstract event type.  What the memory system
   chooses besides rf (coherence, the Fence-SC order, ...) is each model's
   own Witness record. *)

Require Import Mapsound.MsRel.

Record Execution (E : Type) := {
  (* event kinds *)
  R : set E; W : set E; F : set E; BAR : set E; BAR_ARRIVE : set E; M : set E; IW : set E; RMW : set E;
  (* memory-order tags *)
  NA : set E; WEAK : set E; RLX : set E; ACQ : set E; REL : set E; ACQ_REL : set E; SC : set E;
  (* scope qualifiers *)
  CTA : set E; GPU : set E; SYS : set E;
  (* relations *)
  po : rel E; rf : rel E; rmw : rel E; addr : rel E; data : rel E; ctrl : rel E;
  loc : rel E; int : rel E; ext : rel E; scta : rel E; sgpu : rel E; incl : rel E; sbar : rel E
}.

Arguments R {E} _ _.  Arguments W {E} _ _.  Arguments F {E} _ _.  Arguments BAR {E} _ _.  Arguments BAR_ARRIVE {E} _ _.
Arguments M {E} _ _.  Arguments IW {E} _ _.  Arguments RMW {E} _ _.
Arguments NA {E} _ _.  Arguments WEAK {E} _ _.  Arguments RLX {E} _ _.  Arguments ACQ {E} _ _.
Arguments REL {E} _ _.  Arguments ACQ_REL {E} _ _.  Arguments SC {E} _ _.
Arguments CTA {E} _ _.  Arguments GPU {E} _ _.  Arguments SYS {E} _ _.
Arguments po {E} _ _ _.  Arguments rf {E} _ _ _.  Arguments rmw {E} _ _ _.
Arguments addr {E} _ _ _.  Arguments data {E} _ _ _.  Arguments ctrl {E} _ _ _.
Arguments loc {E} _ _ _.  Arguments int {E} _ _ _.  Arguments ext {E} _ _ _.
Arguments scta {E} _ _ _.  Arguments sgpu {E} _ _ _.  Arguments incl {E} _ _ _.
Arguments sbar {E} _ _ _.

(* The well-formedness every pre-execution of mapsound has by construction
   (lib/exec): memory events are reads and writes, po is a strict order
   within threads, rf goes from writes to reads of the same location and
   each read reads exactly one write, loc is an equivalence on memory
   events, int/ext split pairs by thread, initial writes are writes outside
   every thread. *)
Definition same_set {E} (a b : set E) : Prop := set_inclusion a b /\ set_inclusion b a.

Definition wf {E} (X : Execution E) : Prop :=
  same_set (M X) (set_union (R X) (W X)) /\
  set_inclusion (IW X) (W X) /\
  inclusion (po X) (int X) /\
  inclusion (seq (po X) (po X)) (po X) /\
  irreflexive (po X) /\
  inclusion (rf X) (inter (prod (W X) (R X)) (loc X)) /\
  (forall r, R X r -> exists w, rf X w r) /\
  (forall w1 w2 r, rf X w1 r -> rf X w2 r -> w1 = w2) /\
  inclusion (rmw X) (inter (prod (R X) (W X)) (inter (po X) (loc X))) /\
  (forall x y, ext X x y <-> ~ int X x y).
